//! Bicycles in side view, facing right: road, mountain, city bike with basket.

use super::super::painter::{METAL, Painter, RUBBER, WOOD, shade};
use super::super::shapes::{circle, curve, line, polyline, rounded, rrect, smooth};
use super::parts::spoked_wheel;

/// Local frame: width × height.
pub(super) const SIZE: (f32, f32) = (200.0, 120.0);

const TUBE: f32 = 7.0;

/// Draws template 0 (road), 1 (mountain) or 2 (city with basket).
pub(super) fn draw(p: &mut Painter<'_>, template: u8) {
    let r = 36.0;
    let (rear, front, axle_y) = (42.0, 158.0, SIZE.1 - r);
    let bb = (96.0, 88.0);
    let tyre = match template {
        0 => 3.5,
        1 => 6.5,
        _ => 5.0,
    };
    spoked_wheel(p, rear, axle_y, r, tyre);
    spoked_wheel(p, front, axle_y, r, tyre);
    if template == 1 {
        // Knobbly tread.
        for i in 0..28 {
            let a = i as f32 * std::f32::consts::TAU / 28.0;
            let (s, c) = a.sin_cos();
            for cx in [rear, front] {
                p.line(
                    line(
                        cx + c * r,
                        axle_y + s * r,
                        cx + c * (r + 1.5),
                        axle_y + s * (r + 1.5),
                    ),
                    RUBBER,
                    2.5,
                );
            }
        }
    }
    let seat_top = (82.0, 40.0);
    let head = ((138.0, 42.0), (144.0, 60.0));
    // Stays and chain.
    p.body_line(line(bb.0, bb.1, rear, axle_y), TUBE * 0.7);
    p.body_line(
        line(seat_top.0 + 1.0, seat_top.1 + 6.0, rear, axle_y),
        TUBE * 0.6,
    );
    p.seam(
        line(bb.0, bb.1 + 8.0, rear, axle_y + 4.0),
        [60, 60, 64],
        1.0,
        1.5,
    );
    p.seam(
        line(bb.0, bb.1 - 8.0, rear, axle_y - 4.0),
        [60, 60, 64],
        1.0,
        1.5,
    );
    match template {
        2 => {
            // Step-through frame: one low swooping tube.
            p.body_line(
                curve(&[head.0, (132.0, 66.0), (112.0, 86.0), bb]),
                TUBE * 1.2,
            );
            p.body_line(line(bb.0, bb.1, seat_top.0, seat_top.1), TUBE);
        }
        1 => {
            p.body_line(line(seat_top.0 + 1.0, 50.0, head.0.0, head.0.1 + 2.0), TUBE);
            p.body_line(line(bb.0, bb.1, head.1.0, head.1.1), TUBE * 1.3);
            p.body_line(line(bb.0, bb.1, seat_top.0, seat_top.1), TUBE);
        }
        _ => {
            p.body_line(
                line(seat_top.0, seat_top.1 + 3.0, head.0.0, head.0.1 + 1.0),
                TUBE,
            );
            p.body_line(line(bb.0, bb.1, head.1.0, head.1.1), TUBE * 1.1);
            p.body_line(line(bb.0, bb.1, seat_top.0, seat_top.1), TUBE);
        }
    }
    p.body_line(line(head.0.0, head.0.1, head.1.0, head.1.1), TUBE * 1.3);
    // Fork: suspension stanchions on the mountain bike.
    if template == 1 {
        p.line(line(head.1.0, head.1.1, 150.0, 74.0), [40, 40, 44], 7.0);
        p.chrome(rounded(
            &[(147.0, 72.0), (153.0, 72.0), (160.0, 86.0), (155.0, 87.0)],
            1.5,
        ));
    } else {
        p.body_line(curve(&[head.1, (151.0, 72.0), (front, axle_y)]), TUBE * 0.7);
    }
    // Fenders and basket on the city bike.
    if template == 2 {
        for cx in [rear, front] {
            p.body_line(
                curve(&[
                    (cx - r * 0.95, axle_y - r * 0.2),
                    (cx - r * 0.7, axle_y - r * 0.85),
                    (cx, axle_y - r - 4.0),
                    (cx + r * 0.7, axle_y - r * 0.85),
                    (cx + r * 0.95, axle_y - r * 0.2),
                ]),
                4.0,
            );
        }
        p.tone(
            rounded(
                &[(150.0, 24.0), (190.0, 24.0), (186.0, 50.0), (154.0, 50.0)],
                3.0,
            ),
            WOOD,
        );
        for i in 0..5 {
            let x = 154.0 + i as f32 * 8.0;
            p.seam(line(x, 25.0, x - 1.0, 49.0), shade(WOOD, 0.6), 0.9, 1.2);
        }
        p.seam(line(151.0, 37.0, 189.0, 37.0), shade(WOOD, 0.6), 0.9, 1.2);
        p.line(rrect(150.0, 22.0, 40.0, 4.0, 2.0), shade(WOOD, 0.8), 2.0);
    }
    // Crankset and pedal.
    p.chrome(circle(bb.0, bb.1, 9.0));
    p.flat(circle(bb.0, bb.1, 3.0), [60, 62, 66], 1.0);
    p.line(line(bb.0, bb.1, bb.0 + 8.0, bb.1 + 14.0), METAL, 3.5);
    p.tone(rrect(bb.0 + 3.0, bb.1 + 13.0, 12.0, 4.0, 1.5), RUBBER);
    // Seat post and saddle.
    p.line(
        line(seat_top.0, seat_top.1, seat_top.0 - 3.0, seat_top.1 - 10.0),
        METAL,
        3.0,
    );
    let saddle = if template == 2 {
        smooth(&[
            (64.0, 30.0),
            (82.0, 26.0),
            (94.0, 30.0),
            (84.0, 36.0),
            (66.0, 36.0),
        ])
    } else {
        smooth(&[
            (62.0, 30.0),
            (80.0, 27.0),
            (98.0, 29.0),
            (80.0, 34.0),
            (64.0, 34.0),
        ])
    };
    p.tone(saddle, RUBBER);
    // Stem and handlebar.
    p.line(line(head.0.0, head.0.1, 141.0, 32.0), METAL, 4.0);
    match template {
        0 => {
            p.line(line(141.0, 32.0, 152.0, 33.0), METAL, 3.5);
            p.line(
                curve(&[(152.0, 33.0), (161.0, 36.0), (162.0, 46.0), (155.0, 52.0)]),
                RUBBER,
                4.0,
            );
        }
        1 => p.line(
            polyline(&[(141.0, 32.0), (150.0, 30.0), (152.0, 30.0)]),
            RUBBER,
            4.5,
        ),
        _ => p.line(
            curve(&[(141.0, 32.0), (138.0, 24.0), (126.0, 22.0), (118.0, 26.0)]),
            METAL,
            3.5,
        ),
    }
}
