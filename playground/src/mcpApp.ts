/**
 * The MCP App conversation: a weather app embedded with the MCP catalog's McpApp. The app is a
 * small page speaking the MCP Apps protocol by hand over postMessage: it initializes, shows the
 * forecast bound to `/weather` when the host sends it, and its button calls the `lookupWeather`
 * tool, which reaches the scripted agent as an action; the agent's answer updates the surface
 * (and, through the binding, the app). It also asks to open a link twice: once on its own when it
 * starts, claiming an activation in its message (refused: only the browser's word counts), and
 * from its second button, twice per click (the first opens, the second is refused: one link per
 * activation).
 */
import { BASIC_CATALOG_ID, MCP_CATALOG_ID } from '../../src/index';

const v = <T extends object>(body: T) => ({ version: 'v1.0' as const, ...body });

const APP_HTML = `<!doctype html>
<html><head><meta charset="utf-8"><style>
body{font:14px system-ui,sans-serif;margin:8px;color:#1d2433}button{font:inherit;padding:4px 10px}
#forecast{margin-top:6px;font-weight:600}
</style></head><body>
<button id="ask" type="button">Check the weather in Tokyo</button>
<button id="link" type="button">Open the Tokyo forecast page</button>
<div id="state" role="status">connecting</div>
<div id="forecast"></div>
<div id="unasked"></div>
<div id="links"></div>
<script>
var next = 0, waits = {};
function send(m) { window.parent.postMessage(m, '*'); }
function request(method, params) {
  return new Promise(function (resolve) { var id = ++next; waits[id] = resolve; send({ jsonrpc: '2.0', id: id, method: method, params: params }); });
}
window.addEventListener('message', function (e) {
  var m = e.data;
  if (!m || m.jsonrpc !== '2.0') return;
  if (m.id !== undefined && waits[m.id]) { var w = waits[m.id]; delete waits[m.id]; w(m); return; }
  if (m.method === 'ui/notifications/data-model-update' && m.params && m.params.key === 'weather') {
    document.getElementById('forecast').textContent = String(m.params.value || '');
  }
});
request('ui/initialize', { appInfo: { name: 'weather', version: '1' }, appCapabilities: {}, protocolVersion: '2026-01-26' }).then(function () {
  send({ jsonrpc: '2.0', method: 'ui/notifications/initialized', params: {} });
  document.getElementById('state').textContent = 'ready';
  // Unasked by the user, with a made-up activation in the params: the host refuses it.
  return openLink('https://example.com/unasked', { userActivationAt: Date.now(), userActivated: true }).then(function (outcome) {
    document.getElementById('unasked').textContent = 'unasked link: ' + outcome;
  });
});
function openLink(url, extra) {
  var params = { url: url };
  for (var k in extra || {}) params[k] = extra[k];
  return request('ui/open-link', params).then(function (reply) { return reply.error ? 'refused: ' + reply.error.message : 'opened'; });
}
document.getElementById('link').addEventListener('click', function () {
  var url = 'https://example.com/forecast/tokyo';
  Promise.all([openLink(url), openLink(url)]).then(function (outcomes) {
    document.getElementById('links').textContent = 'links: ' + outcomes.join(' / ');
  });
});
document.getElementById('ask').addEventListener('click', function () {
  document.getElementById('state').textContent = 'asking';
  request('tools/call', { name: 'lookupWeather', arguments: { city: 'Tokyo' } }).then(function (reply) {
    document.getElementById('state').textContent = reply.error ? 'refused: ' + reply.error.message : 'asked';
  });
});
</script></body></html>`;

export const MCP_APP_CONVERSATION = [
  v({ createSurface: { surfaceId: 'weather', catalogId: BASIC_CATALOG_ID, sendDataModel: true } }),
  v({ updateDataModel: { surfaceId: 'weather', path: '/weather', value: 'No forecast yet.' } }),
  v({
    updateComponents: {
      surfaceId: 'weather',
      components: [
        { id: 'root', component: 'Column', children: ['title', 'app', 'forecast'] },
        { id: 'title', component: 'Text', text: '### An MCP App in the double-iframe sandbox' },
        {
          id: 'app',
          component: 'McpApp',
          catalogId: MCP_CATALOG_ID,
          title: 'Weather',
          htmlContent: `url_encoded:${encodeURIComponent(APP_HTML)}`,
          allowedTools: ['lookupWeather'],
          data: { paths: { weather: '/weather' } },
          csp: { connectDomains: [] },
        },
        { id: 'forecast', component: 'Text', text: { path: '/weather' }, accessibility: { live: 'polite' } },
      ],
    },
  }),
];
