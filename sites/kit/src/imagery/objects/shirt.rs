//! Shirts laid flat, front view: a t-shirt, a long-sleeve shirt and a polo shirt.

use super::super::painter::{IVORY, Painter};
use super::super::shapes::{circle, curve, line, poly, rounded};

/// Local frame: width × height.
pub(super) const SIZE: (f32, f32) = (180.0, 170.0);

/// Draws template 0 (t-shirt), 1 (long-sleeve shirt) or 2 (polo shirt).
pub(super) fn draw(p: &mut Painter<'_>, template: u8) {
    let sleeves: &[(f32, f32)] = if template == 1 {
        &[(176.0, 150.0), (150.0, 154.0), (142.0, 70.0)]
    } else {
        &[(178.0, 54.0), (154.0, 72.0), (142.0, 58.0)]
    };
    let mut outline = vec![
        (60.0, 6.0),
        (80.0, 18.0),
        (100.0, 18.0),
        (120.0, 6.0),
        (150.0, 16.0),
    ];
    outline.extend_from_slice(sleeves);
    outline.extend([(142.0, 166.0), (38.0, 166.0)]);
    outline.extend(sleeves.iter().rev().map(|&(x, y)| (180.0 - x, y)));
    outline.push((30.0, 16.0));
    p.body(rounded(&outline, 4.0));
    p.seam(
        curve(&[
            (60.0, 7.0),
            (72.0, 22.0),
            (90.0, 26.0),
            (108.0, 22.0),
            (120.0, 7.0),
        ]),
        p.dim(0.6),
        0.9,
        3.0,
    );
    p.seam(line(38.0, 160.0, 142.0, 160.0), p.dim(0.6), 0.6, 1.2);
    match template {
        1 => {
            for x in [20.0, 160.0] {
                p.seam(line(x - 8.0, 138.0, x + 8.0, 140.0), p.dim(0.55), 0.8, 2.0);
            }
        }
        2 => {
            p.tone(
                poly(&[(62.0, 6.0), (88.0, 22.0), (72.0, 40.0)]),
                p.dim(0.85),
            );
            p.tone(
                poly(&[(118.0, 6.0), (92.0, 22.0), (108.0, 40.0)]),
                p.dim(0.85),
            );
            p.seam(line(90.0, 24.0, 90.0, 62.0), p.dim(0.55), 0.9, 1.5);
            for y in [34.0, 48.0] {
                p.flat(circle(90.0, y, 2.5), IVORY, 1.0);
            }
        }
        _ => {}
    }
}
