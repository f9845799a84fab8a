/// A feed as a web page (`scrolllab feed html`): every item an `<img loading="lazy">` absolutely
/// positioned at its frame in the lab's layout (CSS px = lab points), in a page as wide as the lab's
/// viewport, so a browser's lazy loading can be watched on exactly the lab's geometry.
///
/// Image URLs come from a template: `{asset}` is the item's image number modulo `assetCount` (the
/// served folder's index, as the window draws a feed's stand-in pictures), `{image}` the image number
/// itself (so two feed images on one served file are still two URLs, as they are two cache keys in
/// the lab). With `frames`, the page carries a replay: a lab replay's frames whose offset changed, each
/// with its frame number (a frame that does not move changes nothing a browser's lazy loading sees).
public struct FeedPage: Sendable {
    /// serve's default address with the image number kept in the query.
    public static let defaultSource = "http://127.0.0.1:8080/img/{asset}.jpg?image={image}"

    public var feed: Feed
    public var layout: FeedLayout
    public var source: String
    public var assetCount: Int
    /// A replay's moving frames: frame number and content offset (empty: none).
    public var frames: [(frame: Int, offset: Double)]
    /// The frame rate of `frames`.
    public var frameRate: Double

    public init(feed: Feed, layout: FeedLayout, source: String = Self.defaultSource, assetCount: Int = 72,
                frames: [(frame: Int, offset: Double)] = [], frameRate: Double = 60) {
        self.feed = feed
        self.layout = layout
        self.source = source
        self.assetCount = Swift.max(1, assetCount)
        self.frames = frames
        self.frameRate = frameRate
    }

    /// The URL of item `index`'s image.
    public func url(ofItem index: Int) -> String {
        let image = feed.items[index].image
        return source.replacing("{asset}", with: String(image % assetCount))
            .replacing("{image}", with: String(image))
    }

    /// The page's HTML, every item on one line.
    public var html: String {
        let width = layout.viewportWidth, height = layout.contentSize.height
        var out = """
            <!doctype html>
            <html><head><meta charset="utf-8">
            <meta name="viewport" content="width=\(num(width))">
            <title>ScrollLab feed: \(feed.items.count) items, \(layout.kind.rawValue)</title>
            <style>
            html, body { margin: 0; padding: 0; background: #16161a; }
            body { position: relative; width: \(num(width))px; height: \(num(height))px; overflow-x: hidden; }
            img { position: absolute; display: block; background: #2c2c34; }
            </style></head><body>

            """
        for index in feed.items.indices {
            let f = layout.frame(ofItem: index)
            out += "<img loading=\"lazy\" alt=\"\" data-item=\"\(index)\" width=\"\(num(f.width))\" height=\"\(num(f.height))\""
                + " style=\"left:\(num(f.minX))px;top:\(num(f.minY))px;width:\(num(f.width))px;height:\(num(f.height))px\""
                + " src=\"\(escaped(url(ofItem: index)))\">\n"
        }
        out += """
            <script>
            // The lab replay's moving frames, [frame, offset]; scrollLab.replay() scrolls to each in a frame
            // of its own and logs [time, frame, scrollY].
            performance.setResourceTimingBufferSize(1000000);
            window.scrollLab = {
              frameRate: \(num(frameRate)),
              frames: [\(frames.map { "[\($0.frame),\(num($0.offset))]" }.joined(separator: ","))],
              log: [],
              replay() {
                const lab = this;
                lab.log = [];
                return new Promise(resolve => {
                  let i = 0;
                  const step = () => {
                    if (i >= lab.frames.length) { resolve(lab.log.length); return; }
                    window.scrollTo(0, lab.frames[i][1]);
                    lab.log.push([performance.now(), lab.frames[i][0], window.scrollY]);
                    i += 1;
                    requestAnimationFrame(step);
                  };
                  requestAnimationFrame(step);
                });
              },
              // Each image fetch: its URL and when it began (Resource Timing's fetchStart).
              requests() {
                return performance.getEntriesByType("resource")
                  .filter(e => e.initiatorType === "img").map(e => [e.name, e.fetchStart]);
              }
            };
            </script>
            </body></html>

            """
        return out
    }

    private func num(_ x: Double) -> String {
        if x == x.rounded(), abs(x) < 1e15 { return String(Int(x)) }
        return String((x * 1000).rounded() / 1000)
    }

    private func escaped(_ s: String) -> String {
        s.replacing("&", with: "&amp;").replacing("\"", with: "&quot;")
            .replacing("<", with: "&lt;")
    }
}
