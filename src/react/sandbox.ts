/**
 * The sandbox proxy page of the MCP Apps double iframe. The host serves it from an origin other
 * than its own and points each McpApp's outer frame at it. The page announces itself with
 * `ui/notifications/sandbox-proxy-ready`; on `ui/notifications/sandbox-resource-ready` it makes
 * the inner frame: the app's HTML as `srcdoc`, a sandbox without `allow-same-origin` (so the app
 * has an opaque origin), the `allow` list from the resource's permissions, and a Content Security
 * Policy built from its `csp` allow-lists put first in the document. Then it relays messages:
 * from its parent to the app, and from the app to its parent; messages from any other window are
 * dropped. Each message of the app goes up inside an envelope (`a2uiSandboxRelay`) with this
 * frame's `navigator.userActivation.isActive` at that moment: a click in the app's frame
 * activates this frame too (User Activation v2), and only the browser sets it, so the app cannot
 * claim an activation; whatever it writes stays inside the envelope's `message`.
 */

/** The key of the envelope around each message of the app (read by mcpAppTransport.ts). */
export const SANDBOX_RELAY_KEY = 'a2uiSandboxRelay';

/** The page's script: plain ES2017, no dependencies. */
const SCRIPT = String.raw`
(function () {
  'use strict';
  var inner = null;
  var pending = [];
  var SOURCE = /^(?:https?:\/\/)?(?:\*\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*(?::(?:\d{1,5}|\*))?(?:\/[\w\-.\/]*)?$|^https?:$/i;
  function list(value) {
    // Only plain host sources: nothing that could close a directive or add a keyword.
    return Array.isArray(value) ? value.filter(function (s) { return typeof s === 'string' && SOURCE.test(s); }) : [];
  }
  function policy(csp) {
    csp = csp && typeof csp === 'object' ? csp : {};
    var resources = list(csp.resourceDomains).join(' ');
    var connect = list(csp.connectDomains).join(' ');
    var frames = list(csp.frameDomains).join(' ');
    var base = list(csp.baseUriDomains).join(' ');
    return [
      "default-src 'none'",
      "script-src 'unsafe-inline' " + resources,
      "style-src 'unsafe-inline' " + resources,
      'img-src data: blob: ' + resources,
      'font-src data: ' + resources,
      'media-src data: blob: ' + resources,
      'connect-src ' + (connect || "'none'"),
      'frame-src ' + (frames || "'none'"),
      'base-uri ' + (base || "'none'"),
      "form-action 'none'",
    ].map(function (d) { return d.trim(); }).join('; ');
  }
  function allow(permissions) {
    var p = permissions && typeof permissions === 'object' ? permissions : {};
    var out = [];
    if (p.camera) out.push('camera');
    if (p.microphone) out.push('microphone');
    if (p.geolocation) out.push('geolocation');
    if (p.clipboardWrite) out.push('clipboard-write');
    return out.join('; ');
  }
  function activation() {
    var state = navigator.userActivation;
    return { isActive: !!(state && state.isActive), hasBeenActive: !!(state && state.hasBeenActive) };
  }
  function escapeAttr(text) {
    return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  }
  function withPolicy(html, csp) {
    var meta = '<meta http-equiv="Content-Security-Policy" content="' + escapeAttr(policy(csp)) + '">';
    var head = /<head(\s[^>]*)?>/i.exec(html);
    if (head) return html.slice(0, head.index + head[0].length) + meta + html.slice(head.index + head[0].length);
    return meta + html;
  }
  function load(params) {
    if (inner) inner.remove();
    inner = document.createElement('iframe');
    inner.setAttribute('sandbox', 'allow-scripts allow-forms');
    var permissions = allow(params.permissions);
    if (permissions) inner.setAttribute('allow', permissions);
    inner.setAttribute('title', document.title);
    inner.srcdoc = withPolicy(typeof params.html === 'string' ? params.html : '', params.csp);
    document.body.appendChild(inner);
  }
  window.addEventListener('message', function (event) {
    var data = event.data;
    if (event.source === window.parent) {
      if (data && data.method === 'ui/notifications/sandbox-resource-ready') {
        load(data.params || {});
        return;
      }
      if (inner && inner.contentWindow) inner.contentWindow.postMessage(data, '*');
      else pending.push(data);
    } else if (inner && event.source === inner.contentWindow) {
      window.parent.postMessage({ ${SANDBOX_RELAY_KEY}: { userActivation: activation() }, message: data }, '*');
    }
  });
  window.addEventListener('load', function () {
    window.parent.postMessage({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready', params: {} }, '*');
  });
  // Messages the host sent before the inner frame existed reach it once it has loaded.
  document.addEventListener('load', function (event) {
    if (event.target === inner && inner.contentWindow) {
      var queued = pending;
      pending = [];
      queued.forEach(function (m) { inner.contentWindow.postMessage(m, '*'); });
    }
  }, true);
})();
`;

/** The sandbox proxy page; serve it as `text/html` from a second origin. */
export const mcpSandboxHtml = `<!doctype html>
<html>
<head>
<meta charset="utf-8">
<title>MCP App</title>
<style>html,body{margin:0;height:100%;overflow:hidden}iframe{border:0;width:100%;height:100%;display:block}</style>
</head>
<body>
<script>${SCRIPT}</script>
</body>
</html>
`;
