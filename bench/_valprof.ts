import { loadExamples } from './inputs';
import { basicCatalog } from '../src/catalog';
import { createComponentValidator } from '../src/protocol/componentValidation';
const comps: any[] = [];
for (const ex of loadExamples()) for (const m of ex.messages) if ((m as any).updateComponents) comps.push(...(m as any).updateComponents.components);
const v = createComponentValidator(basicCatalog().toJSON(), { unknownFunctions: 'agent' });
for (let i = 0; i < 20; i++) for (const c of comps) v.validateComponent(c);
