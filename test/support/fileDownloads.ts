/**
 * What a screen downloads in jsdom, which has no object URLs and does not download: the blobs it made and each
 * link it clicked (`{download} {href}`), emptied before each test of the describe block that calls it.
 */
export function observeDownloads(blobUrl: string): { created: Blob[]; downloads: string[] } {
  const created: Blob[] = [];
  const downloads: string[] = [];
  beforeEach(() => {
    created.length = 0;
    downloads.length = 0;
    URL.createObjectURL = (blob: Blob) => {
      created.push(blob);
      return blobUrl;
    };
    URL.revokeObjectURL = () => undefined;
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(`${this.download} ${this.getAttribute('href')}`);
    });
  });
  return { created, downloads };
}
