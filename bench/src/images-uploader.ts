// Child process of the images bench: sends `count` uploads of one photo at once and prints each
// one's milliseconds as JSON. Its own process, so sending 50 MB never delays the /me load
// generator's event loop (which would count as server latency).
import { readFileSync } from 'node:fs';

const [url, file, count] = process.argv.slice(2);
if (!url || !file || !count) throw new Error('usage: images-uploader <url> <photo file> <count>');
const photo = readFileSync(file);

async function upload(): Promise<number> {
  const form = new FormData();
  form.append('photo', new Blob([photo], { type: 'image/jpeg' }), 'photo.jpg');
  const t0 = performance.now();
  const res = await fetch(url as string, { method: 'POST', body: form });
  await res.arrayBuffer();
  if (res.status < 200 || res.status > 299) throw new Error(`upload answered ${res.status}`);
  return performance.now() - t0;
}

// Loaded and ready: wait for the bench's go (a line on stdin), so start-up is not measured.
process.stdout.write('ready\n');
await new Promise((resolve) => process.stdin.once('data', resolve));
// A flowing stdin would keep this process alive after the uploads.
process.stdin.destroy();
const times = await Promise.all(Array.from({ length: Number(count) }, upload));
process.stdout.write(JSON.stringify(times));
