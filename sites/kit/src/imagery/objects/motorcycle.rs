//! Motorcycles in side view, facing right: sport bike, cruiser, scooter.

use super::super::painter::{METAL, PLASTIC, Painter, RUBBER, shade};
use super::super::shapes::{circle, curve, ellipse, line, rounded, rrect, smooth};
use super::parts::alloy_wheel;

/// Local frame: width × height.
pub(super) const SIZE: (f32, f32) = (220.0, 130.0);

/// Draws template 0 (sport), 1 (cruiser) or 2 (scooter).
pub(super) fn draw(p: &mut Painter<'_>, template: u8) {
    match template {
        0 => sport(p),
        1 => cruiser(p),
        _ => scooter(p),
    }
}

fn sport(p: &mut Painter<'_>) {
    let r = 27.0;
    let (rear, front, y) = (44.0, 178.0, SIZE.1 - r);
    p.line(line(98.0, 92.0, rear, y), [44, 44, 48], 8.0);
    p.line(line(150.0, 40.0, front, y), METAL, 6.0);
    alloy_wheel(p, rear, y, r);
    alloy_wheel(p, front, y, r);
    p.tone(rrect(84.0, 66.0, 52.0, 34.0, 6.0), [70, 72, 78]);
    p.chrome(rounded(
        &[(28.0, 60.0), (62.0, 66.0), (60.0, 76.0), (26.0, 70.0)],
        4.0,
    ));
    // Tail, tank and full fairing in the body colour.
    p.body(smooth(&[
        (12.0, 44.0),
        (56.0, 40.0),
        (98.0, 48.0),
        (92.0, 62.0),
        (40.0, 58.0),
    ]));
    p.body(smooth(&[
        (96.0, 46.0),
        (122.0, 30.0),
        (150.0, 34.0),
        (146.0, 56.0),
        (104.0, 60.0),
    ]));
    p.body(smooth(&[
        (140.0, 30.0),
        (168.0, 34.0),
        (190.0, 54.0),
        (178.0, 84.0),
        (150.0, 100.0),
        (118.0, 98.0),
        (112.0, 76.0),
        (130.0, 54.0),
    ]));
    p.tone(
        smooth(&[
            (54.0, 40.0),
            (78.0, 38.0),
            (98.0, 44.0),
            (80.0, 46.0),
            (56.0, 44.0),
        ]),
        RUBBER,
    );
    p.glass(smooth(&[
        (146.0, 22.0),
        (164.0, 24.0),
        (176.0, 40.0),
        (158.0, 36.0),
    ]));
    p.flat(ellipse(182.0, 54.0, 6.0, 4.0), [250, 248, 230], 1.0);
    p.seam(
        curve(&[(124.0, 64.0), (150.0, 60.0), (176.0, 66.0)]),
        [255; 3],
        0.35,
        3.0,
    );
    p.body(smooth(&[
        (160.0, 70.0),
        (192.0, 72.0),
        (198.0, 82.0),
        (168.0, 80.0),
    ]));
}

fn cruiser(p: &mut Painter<'_>) {
    let r = 28.0;
    let (rear, front, y) = (40.0, 182.0, SIZE.1 - r);
    p.line(line(96.0, 96.0, rear, y), [44, 44, 48], 7.0);
    p.line(line(156.0, 36.0, front, y), METAL, 5.0);
    alloy_wheel(p, rear, y, r);
    alloy_wheel(p, front, y, r);
    // V-twin engine and long pipes.
    p.chrome(rounded(
        &[
            (86.0, 70.0),
            (100.0, 50.0),
            (112.0, 70.0),
            (124.0, 50.0),
            (138.0, 72.0),
            (128.0, 100.0),
            (96.0, 100.0),
        ],
        5.0,
    ));
    for i in 0..4 {
        let yy = 60.0 + i as f32 * 9.0;
        p.seam(line(92.0, yy, 132.0, yy), [90, 92, 98], 0.8, 1.5);
    }
    p.chrome(rounded(
        &[(20.0, 98.0), (120.0, 96.0), (120.0, 104.0), (20.0, 106.0)],
        4.0,
    ));
    // Fenders, tank and side cover in the body colour.
    p.body(smooth(&[
        (8.0, 92.0),
        (14.0, 70.0),
        (40.0, 62.0),
        (66.0, 70.0),
        (70.0, 84.0),
        (50.0, 76.0),
        (24.0, 80.0),
    ]));
    p.body(smooth(&[
        (156.0, 82.0),
        (170.0, 68.0),
        (194.0, 70.0),
        (206.0, 86.0),
        (190.0, 80.0),
        (170.0, 82.0),
    ]));
    p.body(smooth(&[
        (92.0, 48.0),
        (116.0, 34.0),
        (150.0, 36.0),
        (156.0, 48.0),
        (120.0, 56.0),
    ]));
    p.body(rrect(66.0, 60.0, 20.0, 24.0, 6.0));
    p.tone(
        smooth(&[
            (50.0, 56.0),
            (68.0, 44.0),
            (96.0, 50.0),
            (90.0, 58.0),
            (60.0, 62.0),
        ]),
        [70, 46, 30],
    );
    p.line(
        curve(&[(156.0, 36.0), (150.0, 22.0), (136.0, 16.0)]),
        METAL,
        3.5,
    );
    p.chrome(circle(166.0, 48.0, 8.0));
    p.flat(circle(167.0, 48.0, 5.5), [250, 248, 230], 1.0);
}

fn scooter(p: &mut Painter<'_>) {
    let r = 18.0;
    let (rear, front, y) = (46.0, 176.0, SIZE.1 - r);
    p.line(line(162.0, 40.0, front, y), [60, 62, 66], 6.0);
    alloy_wheel(p, rear, y, r);
    alloy_wheel(p, front, y, r);
    // Rear body, floorboard and leg shield are one flowing panel.
    p.body(smooth(&[
        (14.0, 74.0),
        (30.0, 58.0),
        (92.0, 56.0),
        (104.0, 80.0),
        (100.0, 104.0),
        (40.0, 106.0),
        (16.0, 96.0),
    ]));
    p.body(rounded(
        &[(92.0, 94.0), (150.0, 94.0), (152.0, 108.0), (94.0, 108.0)],
        5.0,
    ));
    p.body(smooth(&[
        (144.0, 30.0),
        (164.0, 26.0),
        (172.0, 60.0),
        (168.0, 100.0),
        (150.0, 104.0),
        (146.0, 70.0),
    ]));
    p.body(smooth(&[
        (160.0, 90.0),
        (178.0, 84.0),
        (196.0, 92.0),
        (192.0, 100.0),
        (164.0, 100.0),
    ]));
    p.tone(
        smooth(&[
            (30.0, 56.0),
            (60.0, 46.0),
            (96.0, 50.0),
            (92.0, 58.0),
            (34.0, 60.0),
        ]),
        RUBBER,
    );
    p.line(line(150.0, 28.0, 130.0, 22.0), PLASTIC, 4.0);
    p.tone(rrect(144.0, 16.0, 28.0, 12.0, 5.0), shade(p.primary(), 1.0));
    p.flat(ellipse(168.0, 22.0, 5.0, 4.0), [250, 248, 230], 1.0);
    p.flat(rrect(10.0, 70.0, 6.0, 8.0, 2.0), [180, 24, 28], 1.0);
    p.seam(
        curve(&[(30.0, 80.0), (60.0, 76.0), (96.0, 82.0)]),
        [0; 3],
        0.25,
        1.0,
    );
    p.chrome(rounded(
        &[(30.0, 104.0), (70.0, 102.0), (70.0, 110.0), (30.0, 110.0)],
        3.0,
    ));
}
