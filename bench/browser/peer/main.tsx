/** The benchmark page for @a2ui/react 0.11.1 + @a2ui/web_core (v0.9 messages). */
import { installBench, components, dataModel } from '../page';

installBench(async () => {
  const [{ createRoot }, { MessageProcessor }, { A2uiSurface, basicCatalog }] = await Promise.all([
    import('react-dom/client'),
    import('@a2ui/web_core/v0_9'),
    import('@a2ui/react/v0_9'),
  ]);
  let root: ReturnType<typeof createRoot> | null = null;
  let surface = 0;
  // How long the last mount spent applying the messages (processMessages), for profile.ts.
  let appliedMs = 0;
  (window as unknown as { benchApplied: () => number }).benchApplied = () => appliedMs;
  let processor = new MessageProcessor([basicCatalog]);
  return {
    prepare() {
      processor = new MessageProcessor([basicCatalog]);
    },
    mount(container, n) {
      const surfaceId = `s${++surface}`;
      const t0 = performance.now();
      // v0.9: createSurface carries neither components nor data; they follow as their own messages.
      processor.processMessages([
        { version: 'v0.9', createSurface: { surfaceId, catalogId: basicCatalog.id } },
        { version: 'v0.9', updateComponents: { surfaceId, components: components() } },
        { version: 'v0.9', updateDataModel: { surfaceId, path: '/', value: dataModel(n) } },
      ] as never);
      appliedMs = performance.now() - t0;
      const model = processor.model.surfacesMap.get(surfaceId);
      if (!model) throw new Error('no surface');
      root = createRoot(container);
      root.render(<A2uiSurface surface={model} />);
    },
    unmount() {
      root?.unmount();
      root = null;
    },
  };
});
