//! Kayaks seen from above at a slight angle: sit-in, sit-on-top, tandem.

use super::super::painter::{METAL, Painter, RUBBER, shade};
use super::super::shapes::{curve, ellipse, line, rrect, smooth};

/// Local frame: width × height.
pub(super) const SIZE: (f32, f32) = (260.0, 70.0);

/// Draws template 0 (sit-in), 1 (sit-on-top) or 2 (tandem).
pub(super) fn draw(p: &mut Painter<'_>, template: u8) {
    let beam = if template == 1 { 1.2 } else { 1.0 };
    let (bow, stern) = (2.0, 258.0);
    let hull = |y_scale: f32, drop: f32| {
        smooth(&[
            (bow, 34.0 + drop),
            (40.0, 30.0 - 10.0 * y_scale * beam + drop),
            (130.0, 33.0 - 17.0 * y_scale * beam + drop),
            (220.0, 30.0 - 10.0 * y_scale * beam + drop),
            (stern, 34.0 + drop),
            (220.0, 38.0 + 12.0 * y_scale * beam + drop),
            (130.0, 33.0 + 20.0 * y_scale * beam + drop),
            (40.0, 38.0 + 12.0 * y_scale * beam + drop),
        ])
    };
    // The hull's side, darker, shows below the deck.
    p.tone(hull(1.0, 8.0), shade(p.primary(), 0.72));
    p.body(hull(1.0, 0.0));
    p.seam(
        curve(&[(bow + 6.0, 34.0), (130.0, 33.0), (stern - 6.0, 34.0)]),
        [255; 3],
        0.35,
        1.5,
    );
    p.seam(
        curve(&[(bow + 8.0, 37.0), (130.0, 50.0), (stern - 8.0, 37.0)]),
        [0; 3],
        0.18,
        1.5,
    );
    match template {
        0 => {
            cockpit(p, 118.0, 26.0);
            bungees(p, 172.0);
            bungees(p, 50.0);
        }
        1 => {
            // Moulded seat, foot wells and a carry handle at each end.
            p.tone(
                smooth(&[
                    (96.0, 26.0),
                    (132.0, 22.0),
                    (150.0, 33.0),
                    (132.0, 44.0),
                    (96.0, 40.0),
                ]),
                shade(p.primary(), 0.8),
            );
            p.flat(rrect(104.0, 27.0, 24.0, 12.0, 5.0), RUBBER, 0.85);
            for x in [164.0, 190.0] {
                p.tone(ellipse(x, 33.0, 9.0, 6.0), shade(p.primary(), 0.82));
            }
            for x in [12.0, 244.0] {
                p.line(line(x - 5.0, 34.0, x + 5.0, 34.0), RUBBER, 3.0);
            }
        }
        _ => {
            cockpit(p, 82.0, 22.0);
            cockpit(p, 160.0, 22.0);
            bungees(p, 212.0);
        }
    }
    // A paddle resting across the deck.
    if template != 1 {
        p.line(line(70.0, 60.0, 200.0, 8.0), [44, 44, 48], 3.0);
        for (x, y, a) in [(66.0, 62.0, 1.0f32), (204.0, 6.0, -1.0)] {
            p.tone(ellipse(x, y, 9.0, 4.0), p.secondary());
            p.seam(
                line(x - 6.0 * a, y + 2.0 * a, x + 6.0 * a, y - 2.0 * a),
                [0; 3],
                0.2,
                1.0,
            );
        }
    }
}

/// A cockpit opening with its black rim, centred at `x`, `w` long.
fn cockpit(p: &mut Painter<'_>, x: f32, w: f32) {
    p.tone(ellipse(x, 33.0, w + 3.0, 10.0), RUBBER);
    p.flat(ellipse(x, 33.5, w, 7.5), [16, 16, 18], 1.0);
    p.seam(ellipse(x, 33.0, w + 3.0, 10.0), METAL, 0.5, 1.0);
}

/// Criss-crossed deck bungee cords around `x`.
fn bungees(p: &mut Painter<'_>, x: f32) {
    for (a, b) in [(-18.0, 10.0), (-6.0, 22.0), (10.0, -18.0), (22.0, -6.0)] {
        p.line(line(x + a, 25.0, x + b, 41.0), RUBBER, 1.2);
    }
}
