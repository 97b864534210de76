//! Guitars standing upright: acoustic, double-cut electric, single-cut electric.

use super::super::painter::{IVORY, METAL, Painter, RUBBER, WOOD, shade};
use super::super::shapes::{circle, line, rounded, rrect, smooth};

/// Local frame: width × height.
pub(super) const SIZE: (f32, f32) = (110.0, 260.0);

const MID: f32 = SIZE.0 / 2.0;

/// Draws template 0 (acoustic), 1 (double-cut electric) or 2 (single-cut electric).
pub(super) fn draw(p: &mut Painter<'_>, template: u8) {
    let neck_wood = if template == 1 {
        [214, 176, 120]
    } else {
        shade(WOOD, 0.7)
    };
    // Neck and headstock behind the body.
    p.tone(rrect(MID - 6.0, 22.0, 12.0, 120.0, 2.0), neck_wood);
    for i in 0..12 {
        let y = 30.0 + i as f32 * 8.5;
        p.line(line(MID - 6.0, y, MID + 6.0, y), METAL, 0.8);
    }
    let head = match template {
        1 => rounded(
            &[
                (MID - 7.0, 24.0),
                (MID - 8.0, 2.0),
                (MID + 4.0, 0.0),
                (MID + 14.0, 6.0),
                (MID + 7.0, 24.0),
            ],
            4.0,
        ),
        _ => rounded(
            &[
                (MID - 7.0, 26.0),
                (MID - 11.0, 2.0),
                (MID + 11.0, 2.0),
                (MID + 7.0, 26.0),
            ],
            3.0,
        ),
    };
    p.tone(
        head,
        if template == 1 {
            neck_wood
        } else {
            [40, 30, 24]
        },
    );
    for i in 0..3 {
        let y = 7.0 + i as f32 * 6.5;
        p.chrome(circle(MID - 12.0, y, 2.6));
        p.chrome(circle(MID + 12.0, y, 2.6));
    }
    match template {
        0 => {
            p.body(smooth(&[
                (MID, 112.0),
                (88.0, 118.0),
                (96.0, 138.0),
                (86.0, 162.0),
                (104.0, 200.0),
                (98.0, 240.0),
                (MID, 258.0),
                (12.0, 240.0),
                (6.0, 200.0),
                (24.0, 162.0),
                (14.0, 138.0),
                (22.0, 118.0),
            ]));
            p.line(circle(MID, 168.0, 17.0), IVORY, 2.0);
            p.flat(circle(MID, 168.0, 13.0), [22, 16, 12], 1.0);
            p.tone(
                smooth(&[
                    (MID + 8.0, 182.0),
                    (MID + 26.0, 176.0),
                    (MID + 30.0, 196.0),
                    (MID + 12.0, 198.0),
                ]),
                p.dim(0.5),
            );
            p.tone(rrect(MID - 16.0, 214.0, 32.0, 7.0, 2.0), [40, 30, 24]);
        }
        1 => {
            p.body(smooth(&[
                (MID, 136.0),
                (72.0, 128.0),
                (84.0, 110.0),
                (92.0, 130.0),
                (88.0, 170.0),
                (102.0, 214.0),
                (92.0, 248.0),
                (MID, 258.0),
                (18.0, 248.0),
                (8.0, 214.0),
                (20.0, 170.0),
                (16.0, 132.0),
                (28.0, 116.0),
                (38.0, 132.0),
            ]));
            p.tone(
                smooth(&[
                    (MID - 6.0, 140.0),
                    (68.0, 144.0),
                    (74.0, 180.0),
                    (80.0, 214.0),
                    (70.0, 232.0),
                    (40.0, 226.0),
                    (26.0, 196.0),
                    (36.0, 160.0),
                ]),
                IVORY,
            );
            for y in [160.0, 182.0, 204.0] {
                p.tone(rrect(MID - 9.0, y, 18.0, 6.0, 3.0), [30, 30, 32]);
            }
            p.chrome(rrect(MID - 10.0, 222.0, 20.0, 8.0, 1.5));
            for (x, y) in [(76.0, 222.0), (70.0, 234.0)] {
                p.tone(circle(x, y, 4.0), IVORY);
            }
        }
        _ => {
            let outline = smooth(&[
                (MID, 140.0),
                (62.0, 136.0),
                (66.0, 124.0),
                (80.0, 126.0),
                (88.0, 150.0),
                (84.0, 172.0),
                (100.0, 206.0),
                (94.0, 246.0),
                (MID, 258.0),
                (16.0, 246.0),
                (8.0, 206.0),
                (22.0, 168.0),
                (20.0, 142.0),
                (36.0, 126.0),
            ]);
            p.body(outline.clone());
            p.seam(outline, IVORY, 0.9, 1.5);
            p.tone(rrect(MID - 12.0, 160.0, 24.0, 14.0, 2.0), [30, 30, 32]);
            p.chrome(rrect(MID - 10.0, 162.0, 20.0, 10.0, 1.5));
            p.chrome(rrect(MID - 10.0, 194.0, 20.0, 10.0, 1.5));
            p.tone(rrect(MID - 14.0, 216.0, 28.0, 5.0, 1.5), RUBBER);
            for (x, y) in [(80.0, 216.0), (86.0, 232.0), (70.0, 236.0), (74.0, 250.0)] {
                p.tone(circle(x, y, 3.6), [210, 170, 60]);
            }
        }
    }
    // Strings over everything.
    let bridge = if template == 0 { 217.0 } else { 224.0 };
    for i in 0..6 {
        let x = MID - 4.5 + i as f32 * 1.8;
        p.seam(line(x, 24.0, x, bridge), [225, 225, 230], 0.9, 0.5);
    }
}
