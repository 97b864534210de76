//! Motorcycles in side view, facing right: sport bike, cruiser, scooter, dirt bike and
//! touring motorcycle.

use super::super::painter::{METAL, PLASTIC, Painter, RUBBER};
use super::super::shapes::{circle, curve, ellipse, line, rounded, rrect, smooth};
use super::parts::alloy_wheel;
use crate::model::MotorcycleModel;

/// Local frame: width × height.
pub(super) const SIZE: (f32, f32) = (220.0, 130.0);

/// Draws the model.
pub(super) fn draw(p: &mut Painter<'_>, model: MotorcycleModel) {
    match model {
        MotorcycleModel::SportBike => sport(p),
        MotorcycleModel::Cruiser => cruiser(p),
        MotorcycleModel::Scooter => scooter(p),
        MotorcycleModel::DirtBike => dirt(p),
        _ => touring(p),
    }
}

/// A knobbly off-road wheel: spoked rim, thick tyre with a ring of tread blocks.
fn knobbly_wheel(p: &mut Painter<'_>, cx: f32, cy: f32, r: f32) {
    super::parts::spoked_wheel(p, cx, cy, r, r * 0.28);
    for i in 0..24 {
        let a = i as f32 * std::f32::consts::TAU / 24.0;
        let (s, c) = a.sin_cos();
        p.line(
            line(
                cx + c * r * 0.98,
                cy + s * r * 0.98,
                cx + c * (r + 2.5),
                cy + s * (r + 2.5),
            ),
            RUBBER,
            4.0,
        );
    }
}

fn dirt(p: &mut Painter<'_>) {
    let r = 30.0;
    let (rear, front, y) = (40.0, 178.0, SIZE.1 - r - 2.0);
    // Long-travel fork and swingarm.
    p.line(line(100.0, 82.0, rear, y), [44, 44, 48], 7.0);
    p.chrome(rounded(
        &[
            (146.0, 30.0),
            (154.0, 28.0),
            (front + 2.0, y),
            (front - 6.0, y + 2.0),
        ],
        2.0,
    ));
    knobbly_wheel(p, rear, y, r);
    knobbly_wheel(p, front, y, r);
    // Small engine, high pipe.
    p.tone(rrect(88.0, 62.0, 36.0, 30.0, 6.0), [64, 66, 72]);
    p.chrome(curve(&[(96.0, 66.0), (70.0, 52.0), (30.0, 50.0)]));
    p.line(
        curve(&[(96.0, 66.0), (70.0, 50.0), (28.0, 46.0)]),
        METAL,
        6.0,
    );
    // High front fender, tank shroud, number plate side panel, long flat seat.
    p.body(smooth(&[
        (150.0, 50.0),
        (176.0, 42.0),
        (206.0, 48.0),
        (180.0, 54.0),
    ]));
    p.body(smooth(&[
        (96.0, 40.0),
        (128.0, 32.0),
        (152.0, 36.0),
        (140.0, 62.0),
        (112.0, 64.0),
    ]));
    p.body(smooth(&[
        (10.0, 34.0),
        (60.0, 40.0),
        (92.0, 46.0),
        (84.0, 66.0),
        (56.0, 62.0),
    ]));
    p.tone(rrect(56.0, 30.0, 64.0, 9.0, 4.0), RUBBER);
    p.tone(rrect(62.0, 48.0, 22.0, 14.0, 3.0), p.secondary());
    p.line(line(150.0, 30.0, 140.0, 18.0), METAL, 3.0);
    p.line(line(128.0, 18.0, 158.0, 14.0), RUBBER, 4.0);
    p.body(rounded(
        &[(156.0, 22.0), (170.0, 20.0), (172.0, 44.0), (158.0, 46.0)],
        4.0,
    ));
}

fn touring(p: &mut Painter<'_>) {
    let r = 27.0;
    let (rear, front, y) = (44.0, 180.0, SIZE.1 - r);
    p.line(line(100.0, 96.0, rear, y), [44, 44, 48], 7.0);
    p.line(line(158.0, 40.0, front, y), METAL, 5.0);
    alloy_wheel(p, rear, y, r);
    alloy_wheel(p, front, y, r);
    p.chrome(rounded(
        &[(88.0, 72.0), (130.0, 72.0), (128.0, 100.0), (92.0, 100.0)],
        6.0,
    ));
    p.chrome(rounded(
        &[(30.0, 98.0), (110.0, 96.0), (110.0, 103.0), (30.0, 105.0)],
        3.0,
    ));
    // Hard saddlebag and top box, tank, a big fairing with a tall windscreen.
    p.body(rrect(14.0, 56.0, 54.0, 40.0, 10.0));
    p.body(rrect(6.0, 26.0, 40.0, 30.0, 8.0));
    p.body(smooth(&[
        (160.0, 84.0),
        (172.0, 72.0),
        (196.0, 74.0),
        (204.0, 88.0),
        (186.0, 82.0),
    ]));
    p.body(smooth(&[
        (86.0, 52.0),
        (112.0, 40.0),
        (146.0, 42.0),
        (150.0, 60.0),
        (110.0, 66.0),
    ]));
    p.tone(
        smooth(&[
            (44.0, 48.0),
            (70.0, 40.0),
            (94.0, 48.0),
            (88.0, 58.0),
            (48.0, 58.0),
        ]),
        RUBBER,
    );
    p.body(smooth(&[
        (138.0, 44.0),
        (160.0, 30.0),
        (184.0, 44.0),
        (182.0, 70.0),
        (150.0, 74.0),
    ]));
    p.glass(smooth(&[
        (150.0, 34.0),
        (158.0, 4.0),
        (176.0, 10.0),
        (170.0, 36.0),
    ]));
    p.flat(circle(178.0, 54.0, 5.0), [250, 248, 230], 1.0);
    p.seam(line(14.0, 76.0, 68.0, 76.0), p.dim(0.5), 0.6, 1.5);
}

fn sport(p: &mut Painter<'_>) {
    let r = 27.0;
    let (rear, front, y) = (44.0, 178.0, SIZE.1 - r);
    p.line(line(102.0, 88.0, rear, y), [44, 44, 48], 8.0);
    p.line(line(154.0, 40.0, front, y), METAL, 6.0);
    alloy_wheel(p, rear, y, r);
    alloy_wheel(p, front, y, r);
    p.body(smooth(&[
        (150.0, 70.0),
        (172.0, 68.0),
        (196.0, 78.0),
        (176.0, 78.0),
    ]));
    p.tone(rrect(92.0, 66.0, 44.0, 34.0, 6.0), [64, 66, 72]);
    p.chrome(rounded(
        &[(34.0, 60.0), (72.0, 70.0), (70.0, 80.0), (30.0, 70.0)],
        5.0,
    ));
    // Tail rising to a point, tank, and a full fairing with a sharp nose.
    p.body(smooth(&[
        (100.0, 54.0),
        (62.0, 46.0),
        (14.0, 30.0),
        (22.0, 40.0),
        (62.0, 62.0),
        (100.0, 68.0),
    ]));
    p.tone(
        smooth(&[
            (56.0, 44.0),
            (80.0, 44.0),
            (102.0, 50.0),
            (80.0, 52.0),
            (58.0, 50.0),
        ]),
        RUBBER,
    );
    p.body(smooth(&[
        (98.0, 50.0),
        (114.0, 34.0),
        (140.0, 32.0),
        (148.0, 46.0),
        (130.0, 58.0),
        (102.0, 60.0),
    ]));
    p.body(smooth(&[
        (120.0, 50.0),
        (148.0, 30.0),
        (182.0, 46.0),
        (188.0, 58.0),
        (168.0, 84.0),
        (146.0, 98.0),
        (114.0, 98.0),
        (110.0, 74.0),
    ]));
    p.glass(smooth(&[
        (144.0, 32.0),
        (158.0, 18.0),
        (174.0, 36.0),
        (160.0, 38.0),
    ]));
    p.flat(
        smooth(&[(170.0, 46.0), (184.0, 50.0), (184.0, 56.0), (172.0, 54.0)]),
        [250, 248, 230],
        1.0,
    );
    p.seam(
        curve(&[(122.0, 70.0), (146.0, 64.0), (172.0, 66.0)]),
        [255; 3],
        0.35,
        3.0,
    );
    p.seam(curve(&[(116.0, 84.0), (150.0, 86.0)]), [0; 3], 0.3, 1.5);
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
    p.tone(rrect(144.0, 16.0, 28.0, 12.0, 5.0), p.dim(1.0));
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
