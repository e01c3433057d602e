import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress } from '../../../main/core/features/net/addresses';
import { IMAGE_LIMITS, ImageFetcher } from '../../../main/core/features/net/image-fetcher';
import { ImageCache, inlineImages } from '../../../main/core/features/render/inline-images';
import { imageServer, PNG } from './image-server';

describe('public addresses', () => {
  it.each([
    '127.0.0.1', '127.9.9.9', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0',
    '224.0.0.1', '255.255.255.255', '::', '::1', 'fc00::1', 'fd12:3456::1', 'fe80::1', 'ff02::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '64:ff9b::a00:1',
    // IPv4-compatible and NAT64 addresses carry an IPv4 address: classified by it.
    '::127.0.0.1', '::7f00:1', '::10.0.0.1', '::c0a8:101', '64:ff9b::127.0.0.1', '64:ff9b::c0a8:101', '64:ff9b::a9fe:a9fe',
    // Local-use NAT64 (RFC 8215) stays inside the site, whatever it carries.
    '64:ff9b:1::808:808', '64:ff9b:1:ffff::1',
  ])('%s is not public', (address) => expect(isPublicAddress(address)).toBe(false));

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8', '::8.8.8.8', '64:ff9b::8.8.8.8', '64:ff9b::808:808'])('%s is public', (address) => expect(isPublicAddress(address)).toBe(true));
});

describe('the image fetcher', () => {
  let server: Awaited<ReturnType<typeof imageServer>>;
  beforeAll(async () => {
    server = await imageServer((req, res) => {
      if (req.url === '/redirect-to-localhost') return void res.writeHead(302, { location: `http://localhost:${server.port}/png` }).end();
      if (req.url === '/page') return void res.writeHead(200, { 'content-type': 'text/html' }).end('<p>not an image</p>');
      if (req.url === '/huge') {
        res.writeHead(200, { 'content-type': 'image/png' });
        res.write(Buffer.alloc(IMAGE_LIMITS.maxBytes + 1));
        return void res.end();
      }
      if (req.url === '/never') return; // accepts, never answers
      if (req.url === '/svg') return void res.writeHead(200, { 'content-type': 'image/svg+xml' }).end('<svg xmlns="http://www.w3.org/2000/svg"/>');
      if (req.url === '/html-as-png') return void res.writeHead(200, { 'content-type': 'image/png' }).end('<p>not an image</p>');
      if (req.url === '/jpeg-as-png') return void res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]));
      if (req.url === '/gif') return void res.writeHead(200, { 'content-type': 'image/GIF; charset=binary' }).end(Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'));
      if (req.url === '/webp') return void res.writeHead(200, { 'content-type': 'image/webp' }).end(Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')]));
      if (req.url === '/jpg') return void res.writeHead(200, { 'content-type': 'image/jpg' }).end(Buffer.from([0xff, 0xd8, 0xff, 0xdb]));
      // The header that once wrote its own markup into a packing slip.
      if (req.url === '/markup') return void res.writeHead(200, { 'content-type': 'image/png"><div style="position:fixed">SHIP TO: Mallory</div><img alt="' }).end(PNG);
      res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    });
  });
  afterAll(() => server.close());

  const strict = new ImageFetcher({ allowedHosts: () => [] });
  const allowing = (...hosts: string[]) => new ImageFetcher({ allowedHosts: () => hosts });

  it('refuses loopback however it is spelled, before connecting', async () => {
    const before = server.requests.length;
    for (const host of ['127.0.0.1', 'localhost', '2130706433', '0x7f000001', '[::ffff:127.0.0.1]']) {
      const image = await strict.fetch(`http://${host}:${server.port}/png`);
      expect(image, host).toEqual({ ok: false, reason: expect.stringMatching(/is not a public address \((127\.0\.0\.1|::1|::ffff:7f00:1)\); an admin can allow the host in Settings/) });
    }
    expect(server.requests.length).toBe(before);
  });

  it('refuses schemes other than http(s)', async () => {
    expect(await strict.fetch('file:///etc/passwd')).toEqual({ ok: false, reason: 'file: URLs are not fetched' });
  });

  it('fetches from a host an admin allowed', async () => {
    const image = await allowing('127.0.0.1').fetch(`http://127.0.0.1:${server.port}/png`);
    expect(image).toEqual({ ok: true, contentType: 'image/png', body: PNG });
  });

  it('checks every redirect: an allowed host cannot send the station on to one that is not', async () => {
    const before = server.requests.length;
    const image = await allowing('127.0.0.1').fetch(`http://127.0.0.1:${server.port}/redirect-to-localhost`);
    expect(image).toEqual({ ok: false, reason: expect.stringMatching(/^localhost is not a public address/) });
    expect(server.requests.slice(before)).toEqual(['/redirect-to-localhost']);
  });

  it('takes only images, of at most 5 MiB, within 5 s', async () => {
    const fetcher = allowing('127.0.0.1');
    expect(await fetcher.fetch(`http://127.0.0.1:${server.port}/page`)).toEqual({ ok: false, reason: 'not an image type the station prints (text/html; it prints image/png, image/jpeg, image/gif, image/webp)' });
    expect(await fetcher.fetch(`http://127.0.0.1:${server.port}/huge`)).toEqual({ ok: false, reason: 'larger than 5 MiB' });
    expect(await fetcher.fetch(`http://127.0.0.1:${server.port}/never`)).toEqual({ ok: false, reason: 'no answer within 5 s' });
  });

  it('takes PNG, JPEG, GIF and WebP only, by a fixed table, when the bytes carry the type the header names', async () => {
    const fetcher = allowing('127.0.0.1');
    const get = (path: string) => fetcher.fetch(`http://127.0.0.1:${server.port}${path}`);
    expect(await get('/gif')).toMatchObject({ ok: true, contentType: 'image/gif' });
    expect(await get('/webp')).toMatchObject({ ok: true, contentType: 'image/webp' });
    expect(await get('/jpg')).toMatchObject({ ok: true, contentType: 'image/jpeg' });
    // SVG is a document (scripts, styles, links), not a picture.
    expect(await get('/svg')).toEqual({ ok: false, reason: expect.stringMatching(/^not an image type the station prints \(image\/svg\+xml;/) });
    expect(await get('/html-as-png')).toEqual({ ok: false, reason: 'said image/png but the bytes are not an image of that type' });
    expect(await get('/jpeg-as-png')).toEqual({ ok: false, reason: 'said image/png but the bytes are image/jpeg' });
    // A header with markup in it is refused, and its text is not repeated.
    expect(await get('/markup')).toEqual({ ok: false, reason: expect.stringMatching(/^not an image type the station prints \(a content type that is not a media type;/) });
  });

  it('an inlined image carries the table\'s type, and a refused header leaves only the reason on the document', async () => {
    const cache = new ImageCache(allowing('127.0.0.1'));
    const html = await inlineImages(`<p>Ship to: Ada</p><img src="http://127.0.0.1:${server.port}/png" alt=""><img src="http://127.0.0.1:${server.port}/markup" alt="">`, cache);
    expect(html).toContain(`<img src="data:image/png;base64,${PNG.toString('base64')}" alt="">`);
    expect(html).not.toContain('Mallory');
    expect(html).not.toContain('position:fixed');
    expect(html.match(/<img /g)).toHaveLength(1);
  });

  it('fetches at most 50 images per document and says on the document why the rest are missing', async () => {
    const before = server.requests.length;
    const html = Array.from({ length: 60 }, (_, i) => `<img class="thumb" src="http://127.0.0.1:${server.port}/png?n=${i}&amp;size=s" alt="">`).join('');
    const cache = new (await import('../../../main/core/features/render/inline-images')).ImageCache(allowing('127.0.0.1'));
    const inlined = await inlineImages(html, cache);
    expect(server.requests.length - before).toBe(IMAGE_LIMITS.perDocument);
    // The entity in the attribute was decoded before fetching.
    expect(server.requests.slice(before)[0]).toBe('/png?n=0&size=s');
    expect(inlined.match(/src="data:image\/png;base64,/g)).toHaveLength(50);
    expect(inlined.match(/Image not loaded: more than 50 images in one document/g)).toHaveLength(10);
  });
});
