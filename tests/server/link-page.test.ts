import { describe, expect, it } from 'vitest'
import { linksOf, normalLink, readPage } from '../../server/modules/message/link-page'

/**
 * Link previews' reading of the web without the network (server/modules/message/link-page.ts):
 * which links a message names, and what a page's HTML says about itself. Inputs and answers are
 * written out here.
 */
describe('linksOf', () => {
  it('finds a text message’s http(s) links in order, without fragments or repeats, at most three', () => {
    const text =
      'See https://a.example/x#top, then http://b.example:8080/y?q=1 and https://a.example/x again; https://c.example https://d.example'
    expect(linksOf('text', text)).toEqual(['https://a.example/x', 'http://b.example:8080/y?q=1', 'https://c.example/'])
  })

  it('leaves out what is not an explicit http(s) link: bare names, mail addresses, other schemes', () => {
    expect(linksOf('text', 'example.com me@example.com ftp://files.example/x javascript:alert(1) file:///etc/passwd')).toEqual([])
  })

  it('reads an html message’s anchors and the links in its text; other message types have none', () => {
    const html = '<p>Read <a href="https://docs.example/guide">the guide</a> or http://plain.example/page</p>'
    expect(linksOf('html', html)).toEqual(['https://docs.example/guide', 'http://plain.example/page'])
    expect(linksOf('html', '<a href="javascript:alert(1)">x</a>')).toEqual([])
    expect(linksOf('vote', 'https://a.example')).toEqual([])
    expect(linksOf('reminder', '{"title":"https://a.example"}')).toEqual([])
  })

  it('normalLink keeps http(s) only', () => {
    expect([normalLink('HTTPS://A.example/p#f'), normalLink('data:text/html,x'), normalLink('not a url')]).toEqual([
      'https://a.example/p',
      null,
      null,
    ])
  })
})

describe('readPage', () => {
  const page = (head: string) => `<!doctype html><html><head>${head}</head><body><title>Not this</title></body></html>`

  it('prefers Open Graph, decodes entities, squeezes spaces and resolves the image against the page', () => {
    const card = readPage(
      page(`<title>Fallback</title>
        <META PROPERTY="og:title" CONTENT="Tom &amp; Jerry&#39;s   &quot;show&quot;">
        <meta property="og:description" content="  Two
          lines ">
        <meta property="og:site_name" content="Cartoons">
        <meta property="og:image" content="../img/cover.png">`),
      'https://site.example/shows/tom/',
    )
    expect(card).toEqual({
      title: 'Tom & Jerry\'s "show"',
      description: 'Two lines',
      siteName: 'Cartoons',
      imageUrl: 'https://site.example/shows/img/cover.png',
    })
  })

  it('falls back to the Twitter card, then to <title> and the description meta', () => {
    expect(
      readPage(
        page('<meta name="twitter:title" content="Card"><meta name="twitter:image" content="https://cdn.example/i.jpg">'),
        'https://x.example/',
      ),
    ).toEqual({
      title: 'Card',
      description: null,
      siteName: null,
      imageUrl: 'https://cdn.example/i.jpg',
    })
    expect(readPage(page('<title> Plain </title><meta name="description" content="Words">'), 'https://x.example/')).toEqual({
      title: 'Plain',
      description: 'Words',
      siteName: null,
      imageUrl: null,
    })
  })

  it('has no card without a title or a description; an image that is not http(s) is dropped; long texts are cut', () => {
    expect(readPage(page('<meta property="og:image" content="/i.png">'), 'https://x.example/')).toBeNull()
    expect(
      readPage(page('<meta property="og:title" content="T"><meta property="og:image" content="javascript:alert(1)">'), 'https://x.example/')
        ?.imageUrl,
    ).toBeNull()
    const long = readPage(page(`<meta property="og:title" content="${'a'.repeat(400)}">`), 'https://x.example/')!
    expect(long.title).toHaveLength(300)
    expect(long.title!.endsWith('…')).toBe(true)
    // A title in the body or an inline SVG's is not the page's.
    expect(
      readPage(
        '<head><meta name="description" content="D"></head><body><svg><title>Icon</title></svg><title>B</title></body>',
        'https://x.example/',
      ),
    ).toEqual({ title: null, description: 'D', siteName: null, imageUrl: null })
  })
})
