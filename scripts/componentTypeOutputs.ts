/** The generated component-type files and how each is made (shared by the command and its test). */
import { BASIC_CATALOG_JSON } from '../src/catalog/basic/catalogJson';
import { MCP_CATALOG_JSON } from '../src/mcp/catalog/catalogJson';
import { componentTypesModule } from './componentTypes';

export const COMPONENT_TYPE_OUTPUTS = [
  {
    path: 'src/catalog/basic/componentTypes.ts',
    text: () =>
      componentTypesModule({
        json: BASIC_CATALOG_JSON as Record<string, unknown>,
        prefix: 'Basic',
        source: 'the v1.0 basic catalog',
        path: 'src/catalog/basic/componentTypes.ts',
      }),
  },
  {
    path: 'src/mcp/catalog/componentTypes.ts',
    text: () =>
      componentTypesModule({
        json: MCP_CATALOG_JSON as unknown as Record<string, unknown>,
        prefix: 'Mcp',
        source: 'the MCP catalog',
        path: 'src/mcp/catalog/componentTypes.ts',
      }),
  },
];
