import CSDL
import Foundation
import ScrollKit
import ScrollLabCore

extension PagerRenderer {
    /// Fills a disc with `SDL_RenderGeometry`: a triangle fan plus a one-point feathered rim whose
    /// outer vertices are transparent, so the edge is anti-aliased.
    func fillDisc(centre: Point, radius: Double, _ c: RGBA) {
        guard radius > 0 else { return }
        let segments = Swift.max(16, Swift.min(96, Int(radius * 0.9)))
        let solid = SDL_Color(r: c.r, g: c.g, b: c.b, a: c.a)
        let clear = SDL_Color(r: c.r, g: c.g, b: c.b, a: 0)
        var vertices: [SDL_Vertex] = [Self.vertex(centre, solid)]
        vertices.reserveCapacity(1 + 2 * segments)
        let inner = Swift.max(0, radius - 0.5), outer = radius + 0.5
        for i in 0..<segments {
            let a = Double(i) / Double(segments) * 2 * Double.pi
            let (s, co) = (sin(a), cos(a))
            vertices.append(Self.vertex(Point(x: centre.x + co * inner, y: centre.y + s * inner), solid))
            vertices.append(Self.vertex(Point(x: centre.x + co * outer, y: centre.y + s * outer), clear))
        }
        var indices: [Int32] = []
        indices.reserveCapacity(9 * segments)
        for i in 0..<segments {
            let j = (i + 1) % segments
            let (ai, ao, bi, bo) = (Int32(1 + 2 * i), Int32(2 + 2 * i), Int32(1 + 2 * j), Int32(2 + 2 * j))
            indices += [0, ai, bi, ai, ao, bi, bi, ao, bo]
        }
        canvas.drawGeometry(vertices, indices: indices)
    }

    /// Fills plain triangles in one colour with `SDL_RenderGeometry`.
    func fillTriangles(_ triangles: [(Point, Point, Point)], _ c: RGBA) {
        guard !triangles.isEmpty else { return }
        let colour = SDL_Color(r: c.r, g: c.g, b: c.b, a: c.a)
        var vertices: [SDL_Vertex] = []
        vertices.reserveCapacity(3 * triangles.count)
        for (a, b, d) in triangles {
            vertices += [Self.vertex(a, colour), Self.vertex(b, colour), Self.vertex(d, colour)]
        }
        canvas.drawGeometry(vertices)
    }

    /// A vertex at a layout position with no texture.
    static func vertex(_ p: Point, _ c: SDL_Color) -> SDL_Vertex {
        SDL_Vertex(position: SDL_FPoint(x: Float(p.x), y: Float(p.y)), color: c, tex_coord: SDL_FPoint(x: 0, y: 0))
    }

    /// A deterministic value in 0...1 for an integer (mountain heights).
    static func hash(_ n: Int) -> Double {
        var x = UInt64(bitPattern: Int64(n)) &* 0x9E37_79B9_7F4A_7C15
        x ^= x >> 29
        x = x &* 0xBF58_476D_1CE4_E5B9
        x ^= x >> 32
        return Double(x % 10_000) / 9_999
    }
}
