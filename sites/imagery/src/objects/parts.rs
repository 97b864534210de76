//! Parts several objects share: wheels and spoked rims.

use super::super::painter::{METAL, Painter, RUBBER, shade};
use super::super::shapes::{circle, line};

/// A car-style wheel: tyre, alloy rim with spokes, hub.
pub(super) fn alloy_wheel(p: &mut Painter<'_>, cx: f32, cy: f32, r: f32) {
    p.tone(circle(cx, cy, r), RUBBER);
    p.seam(circle(cx, cy, r * 0.86), [90, 90, 94], 0.8, r * 0.05);
    p.chrome(circle(cx, cy, r * 0.62));
    p.flat(circle(cx, cy, r * 0.5), [70, 72, 78], 1.0);
    for i in 0..5 {
        let a = i as f32 * std::f32::consts::TAU / 5.0 - 0.3;
        let (s, c) = a.sin_cos();
        p.line(
            line(cx, cy, cx + c * r * 0.55, cy + s * r * 0.55),
            shade(METAL, 1.05),
            r * 0.16,
        );
    }
    p.chrome(circle(cx, cy, r * 0.14));
}

/// A bicycle-style wheel: thin tyre, rim and wire spokes; `tyre` is the tyre width.
pub(super) fn spoked_wheel(p: &mut Painter<'_>, cx: f32, cy: f32, r: f32, tyre: f32) {
    for i in 0..16 {
        let a = i as f32 * std::f32::consts::TAU / 16.0;
        let (s, c) = a.sin_cos();
        p.line(
            line(cx, cy, cx + c * (r - tyre), cy + s * (r - tyre)),
            [150, 152, 158],
            0.7,
        );
    }
    p.line(circle(cx, cy, r - tyre * 0.5), RUBBER, tyre);
    p.line(circle(cx, cy, r - tyre - 1.0), METAL, 2.0);
    p.chrome(circle(cx, cy, r * 0.08));
}
