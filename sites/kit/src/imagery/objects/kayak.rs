//! Kayaks seen from above at a slight angle: sit-in, sit-on-top, tandem.

use super::super::painter::{METAL, Painter, RUBBER};
use super::super::shapes::{curve, ellipse, line, rrect, smooth};

/// Local frame: width × height.
pub(super) const SIZE: (f32, f32) = (260.0, 70.0);

/// Draws template 0 (sit-in), 1 (sit-on-top) or 2 (tandem).
pub(super) fn draw(p: &mut Painter<'_>, template: u8) {
    let beam = if template == 1 { 1.6 } else { 1.3 };
    let (bow, stern) = (2.0, 258.0);
    // Deck seen from above: pointed at both ends, widest just behind the middle.
    let top = [
        (bow, 30.0),
        (40.0, 26.0 - 6.0 * beam),
        (124.0, 33.0 - 19.0 * beam),
        (210.0, 28.0 - 7.0 * beam),
        (stern, 28.0),
    ];
    let deck_bottom = [
        (stern, 28.0),
        (210.0, 33.0 + 9.0 * beam),
        (124.0, 33.0 + 17.0 * beam),
        (40.0, 36.0 + 6.0 * beam),
        (bow, 30.0),
    ];
    let hull_bottom = [
        (stern, 28.0),
        (210.0, 42.0 + 9.0 * beam),
        (124.0, 44.0 + 17.0 * beam),
        (40.0, 44.0 + 6.0 * beam),
        (bow, 30.0),
    ];
    // The hull's side, darker, shows below the deck.
    p.tone(
        super::super::shapes::pointed(&top, &hull_bottom),
        p.dim(0.7),
    );
    p.body(super::super::shapes::pointed(&top, &deck_bottom));
    p.seam(
        curve(&[(bow + 10.0, 30.0), (124.0, 31.0), (stern - 10.0, 28.0)]),
        [255; 3],
        0.4,
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
                p.dim(0.8),
            );
            p.flat(rrect(104.0, 27.0, 24.0, 12.0, 5.0), RUBBER, 0.85);
            for x in [164.0, 190.0] {
                p.tone(ellipse(x, 33.0, 9.0, 6.0), p.dim(0.82));
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
