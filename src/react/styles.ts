/**
 * The default look of the React components: plain CSS, every class prefixed `a2ui-`, themed by
 * custom properties (`--a2ui-fg`, `--a2ui-muted`, `--a2ui-line`, `--a2ui-primary`,
 * `--a2ui-primary-fg`, `--a2ui-bad`, `--a2ui-warn`, `--a2ui-ok`) set on any ancestor. Layout
 * components carry no spacing; leaves and outlined components carry an 8px margin.
 */
export const a2uiCss = `
.a2ui-visually-hidden {
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
}
/* ---- surfaces */
.a2ui-surface {
  background: #fff;
  border: 1px solid var(--a2ui-line, #d5dbe5);
  border-radius: 10px;
  overflow: hidden;
}
.a2ui-surface-header {
  display: flex;
  justify-content: space-between;
  gap: 12px;
  padding: 6px 12px;
  background: #eef2f8;
  border-bottom: 1px solid var(--a2ui-line, #d5dbe5);
  font-size: 12px;
  color: var(--a2ui-muted, #5f6b7d);
}
.a2ui-surface-id {
  font-weight: 600;
  color: var(--a2ui-fg, #1d2433);
}
.a2ui-surface-catalog {
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
}
.a2ui-surface-body {
  padding: 8px;
}
.a2ui-diagnostics {
  margin: 0;
  padding: 6px 12px 8px 28px;
  border-top: 1px dashed var(--a2ui-line, #d5dbe5);
  font-size: 12px;
}
.a2ui-diagnostic-error {
  color: var(--a2ui-bad, #b3261e);
}
.a2ui-diagnostic-warning {
  color: var(--a2ui-warn, #8a5a00);
}

/* ---- layout components: no spacing of their own */
.a2ui-Row,
.a2ui-Column,
.a2ui-List {
  display: flex;
  margin: 0;
  padding: 0;
  min-width: 0;
}
.a2ui-justify-stretch > * {
  flex: 1 1 0;
}
.a2ui-list-vertical {
  flex-direction: column;
  overflow-y: auto;
}
.a2ui-list-horizontal {
  flex-direction: row;
  overflow-x: auto;
  scrollbar-width: none;
}
.a2ui-list-horizontal > .a2ui-list-item {
  max-width: 260px;
  flex: 0 0 auto;
}
.a2ui-list-item {
  display: flex;
  flex-direction: column;
}
/* A windowed list's stand-ins for the rows it does not draw (listWindow.ts). */
.a2ui-list-spacer {
  flex: 0 0 auto;
}

/* ---- leaves and outlined components: an 8px margin */
.a2ui-Text,
.a2ui-Image,
.a2ui-Icon,
.a2ui-Video,
.a2ui-AudioPlayer,
.a2ui-Card,
.a2ui-Button,
.a2ui-Tabs,
.a2ui-Modal,
.a2ui-McpApp,
.a2ui-field,
.a2ui-placeholder {
  margin: 8px;
}
.a2ui-Text {
  display: block;
  line-height: 1.45;
}
.a2ui-Text h2,
.a2ui-Text h3,
.a2ui-Text h4,
.a2ui-Text p,
.a2ui-Text ul,
.a2ui-Text ol {
  margin: 0 0 4px;
}
.a2ui-Text h2 {
  font-size: 22px;
}
.a2ui-Text h3 {
  font-size: 18px;
}
.a2ui-Text h4 {
  font-size: 16px;
}
.a2ui-text-caption {
  font-size: 0.8em;
  color: var(--a2ui-muted, #5f6b7d);
  font-style: italic;
}
.a2ui-Text code {
  background: #eef2f8;
  padding: 0 3px;
  border-radius: 3px;
}
.a2ui-Image {
  display: block;
}
.a2ui-Image img {
  display: block;
  width: 100%;
  height: 100%;
}
.a2ui-image-icon {
  width: 24px;
  height: 24px;
}
.a2ui-image-avatar {
  width: 40px;
  height: 40px;
}
.a2ui-image-avatar img {
  border-radius: 50%;
}
.a2ui-image-smallFeature {
  width: 100px;
  height: 100px;
}
.a2ui-image-mediumFeature {
  width: 100%;
  max-width: 300px;
}
.a2ui-image-largeFeature {
  width: 100%;
}
.a2ui-image-largeFeature img {
  max-height: 400px;
}
.a2ui-image-header {
  width: 100%;
  height: 200px;
}
.a2ui-image-header img {
  object-fit: cover;
}
.a2ui-Icon {
  display: inline-flex;
  align-items: center;
  justify-content: center;
  font-size: 24px;
  width: 24px;
  height: 24px;
  line-height: 1;
}
.a2ui-Video,
.a2ui-AudioPlayer {
  display: block;
}
.a2ui-Video video {
  width: 100%;
  max-height: 180px;
  background: #111;
  border-radius: 6px;
}
.a2ui-AudioPlayer {
  margin-left: 8px;
  margin-right: 8px;
}
.a2ui-AudioPlayer figcaption {
  font-size: 13px;
  color: var(--a2ui-muted, #5f6b7d);
}
.a2ui-AudioPlayer audio {
  width: 100%;
}
.a2ui-Card {
  border: 1px solid var(--a2ui-line, #d5dbe5);
  border-radius: 10px;
  padding: 8px;
  background: transparent;
  box-shadow: 0 1px 2px rgba(20, 30, 60, 0.06);
}
.a2ui-divider-horizontal {
  border: none;
  border-top: 1px solid var(--a2ui-line, #d5dbe5);
  margin: 8px 0;
  width: 100%;
}
.a2ui-divider-vertical {
  width: 1px;
  align-self: stretch;
  min-height: 24px;
  background: var(--a2ui-line, #d5dbe5);
  margin: 0 8px;
}

/* ---- tabs and modal */
.a2ui-tablist {
  display: flex;
  border-bottom: 1px solid var(--a2ui-line, #d5dbe5);
}
.a2ui-tab {
  border: none;
  background: none;
  padding: 8px 14px;
  font: inherit;
  color: var(--a2ui-muted, #5f6b7d);
  border-bottom: 2px solid transparent;
  cursor: pointer;
}
.a2ui-tab.a2ui-is-active {
  color: var(--a2ui-fg, #1d2433);
  font-weight: 600;
  border-bottom-color: var(--a2ui-primary, #2458d3);
}
.a2ui-modal-dialog {
  border: none;
  border-radius: 12px;
  padding: 16px 16px 8px;
  min-width: 320px;
  max-width: 80vw;
  box-shadow: 0 12px 40px rgba(0, 0, 0, 0.3);
}
.a2ui-modal-dialog::backdrop {
  background: rgba(20, 25, 40, 0.45);
}
.a2ui-modal-close {
  float: right;
  border: none;
  background: none;
  font-size: 18px;
  cursor: pointer;
}

/* ---- inputs */
.a2ui-Button {
  display: inline-flex;
  flex-direction: column;
  align-items: flex-start;
}
.a2ui-button {
  font: inherit;
  display: inline-flex;
  align-items: center;
  gap: 4px;
  border-radius: 8px;
  padding: 2px 10px;
  cursor: pointer;
  border: 1px solid var(--a2ui-line, #d5dbe5);
  background: #f1f4f9;
  color: var(--a2ui-fg, #1d2433);
}
.a2ui-button:disabled {
  opacity: 0.5;
  cursor: not-allowed;
}
.a2ui-button-primary {
  background: var(--a2ui-primary, #2458d3);
  border-color: var(--a2ui-primary, #2458d3);
  color: var(--a2ui-primary-fg, #ffffff);
}
.a2ui-button-borderless {
  background: none;
  border-color: transparent;
  color: var(--a2ui-primary, #2458d3);
  text-decoration: underline;
}
.a2ui-button .a2ui-Text,
.a2ui-button .a2ui-Icon {
  margin: 4px 0;
}
.a2ui-field {
  display: flex;
  flex-direction: column;
  min-width: 0;
}
.a2ui-field-frame {
  display: flex;
  flex-direction: column;
  gap: 3px;
}
.a2ui-field-label {
  font-size: 13px;
  color: var(--a2ui-muted, #5f6b7d);
}
.a2ui-field input[type='text'],
.a2ui-field input[type='number'],
.a2ui-field input[type='password'],
.a2ui-field input[type='date'],
.a2ui-field input[type='time'],
.a2ui-field input[type='datetime-local'],
.a2ui-field input[type='search'],
.a2ui-field textarea {
  font: inherit;
  padding: 6px 8px;
  border: 1px solid var(--a2ui-line, #d5dbe5);
  border-radius: 6px;
  background: #fff;
  min-width: 0;
}
.a2ui-field input[aria-invalid='true'],
.a2ui-field textarea[aria-invalid='true'] {
  border-color: var(--a2ui-bad, #b3261e);
}
.a2ui-field input:read-only:not([type='checkbox']):not([type='range']) {
  background: #f3f4f6;
}
.a2ui-checkbox-line,
.a2ui-slider-line {
  display: inline-flex;
  align-items: center;
  gap: 8px;
}
.a2ui-slider-line input {
  flex: 1;
}
.a2ui-slider-line output {
  min-width: 2.5em;
  font-variant-numeric: tabular-nums;
}
.a2ui-choices {
  border: 1px solid var(--a2ui-line, #d5dbe5);
  border-radius: 8px;
  padding: 4px 10px 8px;
  margin: 0;
  display: flex;
  flex-wrap: wrap;
  gap: 4px 14px;
}
.a2ui-choices legend {
  font-size: 13px;
  color: var(--a2ui-muted, #5f6b7d);
  padding: 0 4px;
}
.a2ui-choices-filter {
  flex-basis: 100%;
}
.a2ui-choice {
  display: inline-flex;
  align-items: center;
  gap: 4px;
}
.a2ui-choices-chips {
  gap: 6px;
}
.a2ui-chip {
  font: inherit;
  font-size: 13px;
  border: 1px solid var(--a2ui-line, #d5dbe5);
  border-radius: 999px;
  padding: 3px 10px;
  background: #fff;
  cursor: pointer;
}
.a2ui-chip.a2ui-is-selected {
  background: #dce7ff;
  border-color: var(--a2ui-primary, #2458d3);
  color: #143a91;
}
.a2ui-validation {
  list-style: none;
  margin: 3px 0 0;
  padding: 0;
  font-size: 12px;
}
.a2ui-validation-error {
  color: var(--a2ui-bad, #b3261e);
}
.a2ui-validation-warning,
.a2ui-validation-info {
  color: var(--a2ui-warn, #8a5a00);
}

/* ---- busy, placeholders */
.a2ui-spinner {
  display: inline-block;
  width: 12px;
  height: 12px;
  margin: 0 4px;
  vertical-align: middle;
  border: 2px solid #b9c7e6;
  border-top-color: var(--a2ui-primary, #2458d3);
  border-radius: 50%;
  animation: a2ui-spin 0.8s linear infinite;
  flex: none;
}
@keyframes a2ui-spin {
  to {
    transform: rotate(360deg);
  }
}
.a2ui-is-busy {
  opacity: 0.8;
}
.a2ui-placeholder {
  border: 2px dashed #d08a00;
  background: #fff8e8;
  color: #6b4800;
  border-radius: 6px;
  padding: 6px 10px;
  font-size: 13px;
}
.a2ui-placeholder-missing,
.a2ui-placeholder-cyclic {
  border-color: var(--a2ui-bad, #b3261e);
  background: #fff1f0;
  color: var(--a2ui-bad, #b3261e);
}
.a2ui-placeholder pre {
  font-size: 11px;
}

.a2ui-mcp-app iframe {
  width: 100%;
  height: 120px;
  border: 1px solid var(--a2ui-line, #d5dbe5);
  border-radius: 6px;
  background: #fff;
}
.a2ui-mcp-app figcaption {
  font-size: 12px;
  color: var(--a2ui-muted, #5f6b7d);
}
.a2ui-Text ol,
.a2ui-Text ul {
  padding-left: 1.6em;
}
`;
