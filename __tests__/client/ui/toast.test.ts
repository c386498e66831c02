/**
 * The toasts' code loads on the first toast (ui/toast.ts). A load that failed (the network was
 * down) is tried again by the next toast: the app is not left without toasts until a reload.
 */
let offline = true;
jest.doMock('react-toastify', () => {
  if (offline) throw new Error('Loading chunk toasts failed');
  return jest.requireActual('react-toastify');
});

test('a load that failed offline is tried again, and the toasts work once the network is back', async () => {
  await jest.isolateModulesAsync(async () => {
    const { loadToasts, toast } = await import('../../../src/client/ui/toast');
    await expect(loadToasts()).rejects.toThrow('Loading chunk toasts failed');
    toast.error('Said while offline'); // not shown, and no unhandled rejection

    offline = false;
    const module = await loadToasts();
    expect(typeof module.toast.error).toBe('function');
  });
});
