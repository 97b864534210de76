//! Jackets from the front, as on an invisible mannequin: zip hoodie, blazer, puffer.

use super::super::painter::{IVORY, METAL, Painter, RUBBER, shade};
use super::super::shapes::{circle, curve, line, poly, rounded, rrect, smooth};

/// Local frame: width × height.
pub(super) const SIZE: (f32, f32) = (180.0, 190.0);

const MID: f32 = SIZE.0 / 2.0;

fn mirror(points: &[(f32, f32)]) -> Vec<(f32, f32)> {
    points.iter().map(|&(x, y)| (SIZE.0 - x, y)).collect()
}

/// Draws template 0 (zip hoodie), 1 (blazer) or 2 (puffer).
pub(super) fn draw(p: &mut Painter<'_>, template: u8) {
    let dark = shade(p.primary(), 0.6);
    if template == 0 {
        // The hood lies behind the shoulders.
        p.tone(
            smooth(&[
                (54.0, 22.0),
                (66.0, 2.0),
                (114.0, 2.0),
                (126.0, 22.0),
                (90.0, 30.0),
            ]),
            shade(p.primary(), 0.8),
        );
        p.flat(
            smooth(&[
                (68.0, 18.0),
                (78.0, 8.0),
                (102.0, 8.0),
                (112.0, 18.0),
                (90.0, 24.0),
            ]),
            dark,
            0.9,
        );
    }
    let sleeve = [
        (44.0, 20.0),
        (16.0, 36.0),
        (4.0, 160.0),
        (28.0, 164.0),
        (44.0, 74.0),
    ];
    p.body(rounded(&sleeve, 10.0));
    p.body(rounded(&mirror(&sleeve), 10.0));
    let cuff = if template == 1 {
        shade(p.primary(), 0.85)
    } else {
        shade(p.primary(), 0.75)
    };
    p.tone(
        rounded(
            &[(4.0, 156.0), (28.0, 160.0), (27.0, 172.0), (3.0, 168.0)],
            3.0,
        ),
        cuff,
    );
    p.tone(
        rounded(
            &mirror(&[(4.0, 156.0), (28.0, 160.0), (27.0, 172.0), (3.0, 168.0)]),
            3.0,
        ),
        cuff,
    );
    p.body(rounded(
        &[
            (42.0, 18.0),
            (72.0, 10.0),
            (108.0, 10.0),
            (138.0, 18.0),
            (140.0, 180.0),
            (40.0, 180.0),
        ],
        10.0,
    ));
    match template {
        0 => {
            p.tone(
                rrect(40.0, 168.0, 100.0, 14.0, 4.0),
                shade(p.primary(), 0.78),
            );
            p.flat(
                poly(&[(72.0, 12.0), (108.0, 12.0), (90.0, 30.0)]),
                dark,
                1.0,
            );
            p.line(line(MID, 28.0, MID, 180.0), METAL, 2.5);
            p.seam(
                curve(&[(56.0, 170.0), (62.0, 130.0), (118.0, 130.0), (124.0, 170.0)]),
                dark,
                0.8,
                1.5,
            );
            for x in [80.0, 100.0] {
                p.line(line(x, 26.0, x + (x - MID) * 0.2, 62.0), IVORY, 2.0);
            }
        }
        1 => {
            // Shirt and tie in the V, notched lapels, buttons, pockets.
            p.flat(
                poly(&[(72.0, 12.0), (108.0, 12.0), (90.0, 88.0)]),
                IVORY,
                1.0,
            );
            p.tone(
                poly(&[
                    (86.0, 22.0),
                    (94.0, 22.0),
                    (96.0, 80.0),
                    (90.0, 88.0),
                    (84.0, 80.0),
                ]),
                p.secondary(),
            );
            for side in [false, true] {
                let lapel = [
                    (72.0, 10.0),
                    (60.0, 40.0),
                    (72.0, 44.0),
                    (66.0, 52.0),
                    (90.0, 100.0),
                    (84.0, 100.0),
                    (64.0, 56.0),
                ];
                let pts = if side { mirror(&lapel) } else { lapel.to_vec() };
                p.tone(poly(&pts), shade(p.primary(), 0.85));
            }
            for y in [112.0, 136.0] {
                p.tone(circle(MID, y, 3.5), RUBBER);
            }
            p.line(line(MID, 100.0, MID, 180.0), dark, 1.0);
            for x in [48.0, 104.0] {
                p.tone(rrect(x, 144.0, 28.0, 6.0, 1.0), shade(p.primary(), 0.8));
            }
        }
        _ => {
            // Quilted bands across torso and sleeves, a stand collar and zip.
            for i in 0..8 {
                let y = 34.0 + i as f32 * 18.0;
                p.seam(line(42.0, y, 138.0, y), dark, 0.7, 1.5);
                p.seam(line(44.0, y - 9.0, 136.0, y - 9.0), [255; 3], 0.18, 6.0);
                for s in [-1.0f32, 1.0] {
                    let x0 = if s < 0.0 { 18.0 } else { SIZE.0 - 18.0 };
                    p.seam(
                        line(x0 + s * (y - 34.0) * 0.08, y + 6.0, x0 - s * 22.0, y + 10.0),
                        dark,
                        0.6,
                        1.2,
                    );
                }
            }
            p.body(rrect(62.0, 4.0, 56.0, 20.0, 6.0));
            p.line(line(MID, 6.0, MID, 180.0), METAL, 2.5);
        }
    }
}
