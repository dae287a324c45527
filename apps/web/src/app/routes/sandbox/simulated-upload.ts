import type { UploadFn } from '../../../components/file-upload/file-upload';

/**
 * The sandbox's demo upload: nothing leaves the browser; progress advances in steps over about a
 * second, and `fail` makes it stop half-way with an error, to show both outcomes of FileUpload.
 */
export function simulatedUpload({
  fail,
  stepMs = 120,
  steps = 10,
}: {
  fail: () => boolean;
  stepMs?: number;
  steps?: number;
}): UploadFn {
  return (_file, onProgress) =>
    new Promise((resolve, reject) => {
      let step = 0;
      const timer = setInterval(() => {
        step += 1;
        if (fail() && step > steps / 2) {
          clearInterval(timer);
          reject(new Error('Simulated failure'));
          return;
        }
        onProgress(step / steps);
        if (step >= steps) {
          clearInterval(timer);
          resolve(null);
        }
      }, stepMs);
    });
}
