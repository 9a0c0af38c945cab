/**
 * The scripted local agent: the demo's travel agent (src/cli/demo.ts) taught a few more answers,
 * so every bundled conversation reacts without a network. It answers `search` and
 * `search_flights` with flights, the MCP App's `lookupWeather`, `quoteFare` with a fare, the gallery's `book` and `clear`, and
 * never answers `seatMap` (so that call times out, as in the demo). Replies go through `reply`,
 * which the session delays or holds as the panel says.
 */
import type { OutboundMessage } from '../../src/index';

const v = <T extends object>(body: T) => ({ version: 'v1.0' as const, ...body });

export interface AgentReply {
  /** What the agent sends back. */
  payload: unknown;
  /** Why, in a few words, for the panel. */
  note: string;
}

interface ActionBody {
  name?: string;
  surfaceId?: string;
  context?: Record<string, unknown>;
}

interface CallBody {
  surfaceId?: string;
  functionCallId: string;
  callFunction: { call: string; args?: Record<string, unknown> };
}

/** What the scripted agent answers to one renderer message; `notes` are things it chose not to answer. */
export function answer(message: OutboundMessage): { replies: AgentReply[]; notes: string[] } {
  const replies: AgentReply[] = [];
  const notes: string[] = [];
  const action = message.action as ActionBody | undefined;
  if (action) {
    const surfaceId = action.surfaceId ?? '';
    const to = typeof action.context?.to === 'string' ? action.context.to : '';
    switch (action.name) {
      case 'search':
        replies.push({
          payload: v({ updateDataModel: { surfaceId, path: '/results', value: [{ flight: 'TP 1234', price: 812.5 }, { flight: 'NH 210', price: 954 }] } }),
          note: `answers search${to ? ` to ${to}` : ''} with 2 flights`,
        });
        break;
      case 'search_flights':
        replies.push({
          payload: v({
            updateDataModel: {
              surfaceId,
              path: '/results',
              value: [
                { carrier: 'TP', number: '1234', price: 812.5 },
                { carrier: 'NH', number: '210', price: 954 },
                { carrier: 'LH', number: '1167', price: 1010 },
              ],
            },
          }),
          note: `answers search_flights${to ? ` to ${to}` : ''} with 3 flights`,
        });
        break;
      case 'book': {
        const name = typeof action.context?.name === 'string' ? action.context.name : 'someone';
        const seat = action.context?.window === true ? 'a window seat' : 'an aisle seat';
        replies.push({ payload: v({ updateDataModel: { surfaceId, path: '/status', value: `Booked ${seat} for ${name}.` } }), note: 'confirms the booking' });
        break;
      }
      case 'clear':
        replies.push({
          payload: v({ updateDataModel: { surfaceId, path: '/traveller', value: { name: '', email: '', notes: '', bags: 1, password: '', window: false, date: '', departure: '', time: '' } } }),
          note: 'clears the form',
        });
        break;
      case 'lookupWeather': {
        // An MCP App's tools/call reaches the agent as an action named after the tool.
        const city = typeof action.context?.city === 'string' ? action.context.city : 'somewhere';
        replies.push({ payload: v({ updateDataModel: { surfaceId, path: '/weather', value: `Sunny, 21 °C in ${city}` } }), note: `answers lookupWeather for ${city}` });
        break;
      }
      default:
        notes.push(`has no answer for action '${action.name ?? '?'}'`);
    }
  }
  const call = message.callAgentFunction as CallBody | undefined;
  if (call) {
    const id = call.functionCallId;
    switch (call.callFunction.call) {
      case 'quoteFare': {
        const to = typeof call.callFunction.args?.to === 'string' ? call.callFunction.args.to : '';
        replies.push({
          payload: v({ agentFunctionResponse: { functionCallId: id, value: to === '' ? 'Pick a destination for a fare' : `Fares to ${to} from €640` } }),
          note: `quotes a fare${to ? ` to ${to}` : ''}`,
        });
        break;
      }
      case 'seatMap':
        notes.push(`leaves seatMap #${id} unanswered (it will time out)`);
        break;
      default:
        replies.push({
          payload: v({ agentFunctionResponse: { functionCallId: id, error: { code: 'UNKNOWN_FUNCTION', message: `The playground agent has no function '${call.callFunction.call}'.` } } }),
          note: `refuses unknown function ${call.callFunction.call}`,
        });
    }
  }
  return { replies, notes };
}
