/** An app that uses only the pure core and the protocol: it type-checks without Redux installed. */
import { basicCatalog, createSession, handleMessage, type Session } from 'a2ui-redux/core';
import { parseRendererMessage } from 'a2ui-redux/protocol';

const session: Session = createSession([basicCatalog()]);
const result = handleMessage(session, { version: 'v1.0', deleteSurface: { surfaceId: 's' } });
export const firstSent = result.effects.find((effect) => effect.type === 'send');
export const reparsed = firstSent?.type === 'send' ? parseRendererMessage(firstSent.message).ok : null;
