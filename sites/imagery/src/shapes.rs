//! Path constructors for drawing objects in their local frame.
//!
//! Every constructor returns `Option<Path>` because tiny-skia refuses degenerate
//! geometry (zero-sized, non-finite); the painter skips a `None` rather than failing
//! the whole photo over one invisible detail.

use tiny_skia::{Path, PathBuilder, Rect};

/// An axis-aligned rectangle.
pub(crate) fn rect(x: f32, y: f32, w: f32, h: f32) -> Option<Path> {
    Rect::from_xywh(x, y, w, h).map(PathBuilder::from_rect)
}

/// A rectangle with corners rounded by `r`.
pub(crate) fn rrect(x: f32, y: f32, w: f32, h: f32, r: f32) -> Option<Path> {
    rounded(&[(x, y), (x + w, y), (x + w, y + h), (x, y + h)], r)
}

/// A circle.
pub(crate) fn circle(cx: f32, cy: f32, r: f32) -> Option<Path> {
    PathBuilder::from_circle(cx, cy, r)
}

/// An axis-aligned ellipse.
pub(crate) fn ellipse(cx: f32, cy: f32, rx: f32, ry: f32) -> Option<Path> {
    Rect::from_xywh(cx - rx, cy - ry, 2.0 * rx, 2.0 * ry).and_then(PathBuilder::from_oval)
}

/// A closed polygon with sharp corners.
pub(crate) fn poly(points: &[(f32, f32)]) -> Option<Path> {
    let (first, rest) = points.split_first()?;
    let mut pb = PathBuilder::new();
    pb.move_to(first.0, first.1);
    for p in rest {
        pb.line_to(p.0, p.1);
    }
    pb.close();
    pb.finish()
}

/// An open polyline, for stroking.
pub(crate) fn polyline(points: &[(f32, f32)]) -> Option<Path> {
    let (first, rest) = points.split_first()?;
    let mut pb = PathBuilder::new();
    pb.move_to(first.0, first.1);
    for p in rest {
        pb.line_to(p.0, p.1);
    }
    pb.finish()
}

/// A straight segment, for stroking.
pub(crate) fn line(x0: f32, y0: f32, x1: f32, y1: f32) -> Option<Path> {
    polyline(&[(x0, y0), (x1, y1)])
}

/// A closed polygon whose corners are rounded by up to `r` (less on short edges),
/// which gives manufactured objects crisp but not razor-sharp outlines.
pub(crate) fn rounded(points: &[(f32, f32)], r: f32) -> Option<Path> {
    let n = points.len();
    if n < 3 {
        return None;
    }
    // For each corner: the points where the rounding leaves the incoming edge and
    // joins the outgoing edge.
    let cut = |from: (f32, f32), to: (f32, f32)| {
        let (dx, dy) = (to.0 - from.0, to.1 - from.1);
        let len = (dx * dx + dy * dy).sqrt().max(f32::EPSILON);
        let t = (r / len).min(0.5);
        (from.0 + dx * t, from.1 + dy * t)
    };
    let mut pb = PathBuilder::new();
    for i in 0..n {
        let prev = points[(i + n - 1) % n];
        let cur = points[i];
        let next = points[(i + 1) % n];
        let enter = cut(cur, prev);
        let leave = cut(cur, next);
        if i == 0 {
            pb.move_to(enter.0, enter.1);
        } else {
            pb.line_to(enter.0, enter.1);
        }
        pb.quad_to(cur.0, cur.1, leave.0, leave.1);
    }
    pb.close();
    pb.finish()
}

/// A closed smooth curve through `points` (Catmull-Rom), for organic outlines.
pub(crate) fn smooth(points: &[(f32, f32)]) -> Option<Path> {
    let n = points.len();
    if n < 3 {
        return None;
    }
    let mut pb = PathBuilder::new();
    pb.move_to(points[0].0, points[0].1);
    for i in 0..n {
        let p0 = points[(i + n - 1) % n];
        let p1 = points[i];
        let p2 = points[(i + 1) % n];
        let p3 = points[(i + 2) % n];
        pb.cubic_to(
            p1.0 + (p2.0 - p0.0) / 6.0,
            p1.1 + (p2.1 - p0.1) / 6.0,
            p2.0 - (p3.0 - p1.0) / 6.0,
            p2.1 - (p3.1 - p1.1) / 6.0,
            p2.0,
            p2.1,
        );
    }
    pb.close();
    pb.finish()
}

/// An open smooth curve through `points` (Catmull-Rom), for stroking.
pub(crate) fn curve(points: &[(f32, f32)]) -> Option<Path> {
    let first = points.first()?;
    let mut pb = PathBuilder::new();
    pb.move_to(first.0, first.1);
    push_curve(&mut pb, points);
    pb.finish()
}

/// A closed shape bounded by a smooth `top` edge (left to right) and a smooth
/// `bottom` edge (right to left back to the start): sharp where the edges meet,
/// as at a hull's bow and stern.
pub(crate) fn pointed(top: &[(f32, f32)], bottom: &[(f32, f32)]) -> Option<Path> {
    let first = top.first()?;
    let mut pb = PathBuilder::new();
    pb.move_to(first.0, first.1);
    push_curve(&mut pb, top);
    if let Some(start) = bottom.first() {
        pb.line_to(start.0, start.1);
    }
    push_curve(&mut pb, bottom);
    pb.close();
    pb.finish()
}

/// Appends a Catmull-Rom curve through `points`, starting at the current point
/// (which must be `points[0]`).
fn push_curve(pb: &mut PathBuilder, points: &[(f32, f32)]) {
    let n = points.len();
    for i in 0..n.saturating_sub(1) {
        let p0 = points[i.saturating_sub(1)];
        let p1 = points[i];
        let p2 = points[i + 1];
        let p3 = points[(i + 2).min(n - 1)];
        pb.cubic_to(
            p1.0 + (p2.0 - p0.0) / 6.0,
            p1.1 + (p2.1 - p0.1) / 6.0,
            p2.0 - (p3.0 - p1.0) / 6.0,
            p2.1 - (p3.1 - p1.1) / 6.0,
            p2.0,
            p2.1,
        );
    }
}
