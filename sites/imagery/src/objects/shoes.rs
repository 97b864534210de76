//! Pairs of shoes in side view, toes to the right: sneakers, boots, high heels, sandals,
//! loafers, oxfords, ballet flats, slippers, cleats and high-top sneakers.

use super::super::painter::shade;
use super::super::painter::{IVORY, Painter, RUBBER};
use super::super::shapes::{circle, curve, ellipse, line, rounded, rrect, smooth};
use crate::model::ShoesModel;

/// Local frame: width × height.
pub(super) const SIZE: (f32, f32) = (220.0, 110.0);

/// Draws the model.
pub(super) fn draw(p: &mut Painter<'_>, model: ShoesModel) {
    p.translate(36.0, -10.0);
    shoe(p, model);
    p.translate(-36.0, 10.0);
    shoe(p, model);
}

/// One shoe in a 184×110 box.
fn shoe(p: &mut Painter<'_>, model: ShoesModel) {
    match model {
        ShoesModel::Sandals => sandal(p),
        ShoesModel::Loafers | ShoesModel::Oxfords | ShoesModel::BalletFlats => low(p, model),
        ShoesModel::Slippers => slipper(p),
        ShoesModel::Cleats => {
            sneaker(p, false);
            for i in 0..6 {
                let x = 14.0 + i as f32 * 30.0;
                p.tone(
                    rounded(
                        &[
                            (x, 104.0),
                            (x + 10.0, 104.0),
                            (x + 8.0, 110.0),
                            (x + 2.0, 110.0),
                        ],
                        1.0,
                    ),
                    RUBBER,
                );
            }
        }
        ShoesModel::HighTopSneakers => sneaker(p, true),
        ShoesModel::Sneakers => sneaker(p, false),
        ShoesModel::Boots => {
            p.body(smooth(&[
                (14.0, 98.0),
                (12.0, 40.0),
                (14.0, 6.0),
                (62.0, 4.0),
                (66.0, 50.0),
                (110.0, 62.0),
                (160.0, 72.0),
                (178.0, 90.0),
                (170.0, 98.0),
            ]));
            p.tone(
                rounded(
                    &[(8.0, 94.0), (180.0, 94.0), (178.0, 108.0), (10.0, 108.0)],
                    4.0,
                ),
                RUBBER,
            );
            for i in 0..7 {
                let x = 16.0 + i as f32 * 24.0;
                p.flat(rrect(x, 104.0, 10.0, 5.0, 1.0), [20, 20, 20], 1.0);
            }
            for i in 0..5 {
                let y = 18.0 + i as f32 * 10.0;
                p.line(
                    line(54.0 + i as f32 * 2.0, y, 66.0 + i as f32 * 4.0, y + 6.0),
                    IVORY,
                    2.0,
                );
            }
            p.seam(
                curve(&[(12.0, 80.0), (80.0, 78.0), (176.0, 90.0)]),
                p.dim(0.55),
                0.7,
                1.2,
            );
            p.tone(rrect(10.0, 2.0, 10.0, 16.0, 3.0), p.dim(0.7));
        }
        _ => {
            // Stiletto heel under the raised heel seat.
            p.body(rounded(
                &[(8.0, 58.0), (28.0, 62.0), (22.0, 108.0), (17.0, 108.0)],
                2.0,
            ));
            p.tone(rrect(15.0, 104.0, 9.0, 5.0, 1.0), RUBBER);
            p.body(smooth(&[
                (8.0, 36.0),
                (22.0, 42.0),
                (56.0, 58.0),
                (96.0, 66.0),
                (140.0, 76.0),
                (172.0, 86.0),
                (186.0, 100.0),
                (172.0, 108.0),
                (126.0, 104.0),
                (84.0, 90.0),
                (44.0, 72.0),
                (12.0, 62.0),
            ]));
            // The inside of the shoe seen over the top line.
            p.flat(
                smooth(&[
                    (14.0, 40.0),
                    (40.0, 52.0),
                    (80.0, 64.0),
                    (104.0, 70.0),
                    (78.0, 70.0),
                    (38.0, 60.0),
                    (14.0, 50.0),
                ]),
                [214, 196, 172],
                1.0,
            );
            p.line(
                curve(&[
                    (12.0, 62.0),
                    (44.0, 73.0),
                    (84.0, 91.0),
                    (126.0, 105.0),
                    (172.0, 108.0),
                ]),
                RUBBER,
                2.0,
            );
        }
    }
}

/// A sneaker; `high` raises the collar over the ankle with a round ankle patch.
fn sneaker(p: &mut Painter<'_>, high: bool) {
    if high {
        p.body(smooth(&[
            (6.0, 90.0),
            (4.0, 40.0),
            (8.0, 6.0),
            (56.0, 6.0),
            (66.0, 40.0),
            (80.0, 52.0),
            (60.0, 70.0),
            (10.0, 90.0),
        ]));
        p.tone(circle(30.0, 46.0, 11.0), p.secondary());
        p.tone(rrect(8.0, 4.0, 48.0, 8.0, 4.0), p.dim(0.75));
    }
    p.body(smooth(&[
        (8.0, 94.0),
        (4.0, 66.0),
        (10.0, 48.0),
        (30.0, 52.0),
        (48.0, 56.0),
        (64.0, 40.0),
        (80.0, 44.0),
        (112.0, 62.0),
        (150.0, 72.0),
        (176.0, 82.0),
        (182.0, 94.0),
        (120.0, 95.0),
        (60.0, 95.0),
    ]));
    p.flat(
        smooth(&[
            (14.0, 52.0),
            (30.0, 54.0),
            (46.0, 58.0),
            (30.0, 60.0),
            (16.0, 58.0),
        ]),
        [30, 30, 32],
        0.9,
    );
    p.tone(
        rounded(
            &[
                (2.0, 90.0),
                (150.0, 90.0),
                (178.0, 86.0),
                (186.0, 94.0),
                (182.0, 106.0),
                (6.0, 106.0),
            ],
            6.0,
        ),
        IVORY,
    );
    p.seam(line(6.0, 98.0, 182.0, 98.0), [0; 3], 0.2, 1.0);
    p.tone(
        smooth(&[
            (130.0, 72.0),
            (160.0, 76.0),
            (180.0, 86.0),
            (176.0, 92.0),
            (136.0, 90.0),
        ]),
        p.dim(0.88),
    );
    p.line(
        curve(&[(30.0, 84.0), (70.0, 80.0), (104.0, 70.0), (124.0, 62.0)]),
        p.secondary(),
        5.0,
    );
    for i in 0..5 {
        let x = 70.0 + i as f32 * 10.0;
        let y = 46.0 + i as f32 * 5.0;
        p.line(line(x, y, x + 9.0, y - 3.0), IVORY, 2.5);
    }
    p.tone(
        rounded(&[(4.0, 60.0), (14.0, 50.0), (18.0, 80.0), (6.0, 86.0)], 3.0),
        p.secondary(),
    );
}

/// A sandal: a thick footbed on a thin sole, two crossed straps over the forefoot and a
/// buckled strap round the ankle, the foot's space open between them.
fn sandal(p: &mut Painter<'_>) {
    p.body(rounded(
        &[
            (4.0, 90.0),
            (150.0, 92.0),
            (182.0, 90.0),
            (188.0, 98.0),
            (184.0, 104.0),
            (6.0, 104.0),
        ],
        6.0,
    ));
    p.tone(rrect(6.0, 88.0, 176.0, 5.0, 2.0), p.dim(1.15));
    p.tone(rrect(4.0, 102.0, 182.0, 6.0, 3.0), RUBBER);
    for (a, b) in [
        ((96.0, 92.0), (150.0, 92.0)),
        ((112.0, 92.0), (168.0, 92.0)),
    ] {
        p.body_line(curve(&[a, ((a.0 + b.0) / 2.0, 52.0), b]), 9.0);
    }
    p.body_line(
        curve(&[
            (12.0, 92.0),
            (10.0, 60.0),
            (30.0, 44.0),
            (52.0, 60.0),
            (56.0, 92.0),
        ]),
        8.0,
    );
    p.body_line(line(30.0, 48.0, 84.0, 76.0), 7.0);
    p.chrome(rrect(52.0, 56.0, 9.0, 10.0, 2.0));
}

/// Low shoes: 4 loafer (saddle strap), 5 oxford (laces, toe cap) or 6 ballet flat (bow).
fn low(p: &mut Painter<'_>, model: ShoesModel) {
    let collar = if model == ShoesModel::BalletFlats {
        74.0
    } else {
        58.0
    };
    let heel = if model == ShoesModel::BalletFlats {
        100.0
    } else {
        96.0
    };
    p.body(smooth(&[
        (6.0, heel),
        (4.0, collar + 6.0),
        (14.0, collar),
        (60.0, collar + 8.0),
        (110.0, collar + 10.0),
        (160.0, 74.0),
        (184.0, 92.0),
        (176.0, 104.0),
        (90.0, 106.0),
        (10.0, 104.0),
    ]));
    // The opening over the top line.
    p.flat(
        smooth(&[
            (14.0, collar + 2.0),
            (50.0, collar + 8.0),
            (100.0, collar + 10.0),
            (60.0, collar + 14.0),
            (16.0, collar + 10.0),
        ]),
        [60, 44, 34],
        0.9,
    );
    p.line(
        curve(&[(6.0, 104.0), (90.0, 107.0), (178.0, 104.0)]),
        RUBBER,
        3.0,
    );
    match model {
        ShoesModel::Loafers => {
            p.tone(rrect(4.0, 92.0, 30.0, 14.0, 2.0), shade(RUBBER, 1.6));
            p.tone(
                rounded(
                    &[(92.0, 66.0), (132.0, 70.0), (130.0, 80.0), (90.0, 76.0)],
                    3.0,
                ),
                p.dim(0.7),
            );
            p.flat(ellipse(111.0, 73.0, 6.0, 2.5), p.secondary(), 1.0);
            p.seam(
                curve(&[(110.0, 68.0), (150.0, 72.0), (176.0, 90.0)]),
                p.dim(0.5),
                0.7,
                1.2,
            );
        }
        ShoesModel::Oxfords => {
            p.tone(rrect(4.0, 92.0, 30.0, 14.0, 2.0), shade(RUBBER, 1.6));
            p.seam(
                curve(&[(140.0, 76.0), (146.0, 90.0), (142.0, 104.0)]),
                p.dim(0.5),
                0.8,
                1.5,
            );
            p.seam(
                curve(&[(60.0, 68.0), (80.0, 90.0), (64.0, 104.0)]),
                p.dim(0.5),
                0.8,
                1.5,
            );
            for i in 0..4 {
                let x = 86.0 + i as f32 * 9.0;
                p.line(
                    line(x, 66.0 + i as f32 * 1.5, x + 6.0, 70.0 + i as f32 * 1.5),
                    IVORY,
                    2.0,
                );
            }
            for i in 0..6 {
                let x = 148.0 + i as f32 * 5.0;
                p.flat(circle(x, 86.0 + i as f32 * 1.2, 0.9), p.dim(0.4), 1.0);
            }
        }
        _ => {
            p.tone(ellipse(150.0, 80.0, 10.0, 5.0), p.secondary());
            p.tone(circle(150.0, 80.0, 3.0), p.dim(0.7));
        }
    }
}

/// A plush slipper: a rounded upper with a fleece collar on a soft sole.
fn slipper(p: &mut Painter<'_>) {
    p.tone(
        rounded(
            &[
                (4.0, 92.0),
                (180.0, 90.0),
                (186.0, 100.0),
                (180.0, 108.0),
                (6.0, 108.0),
            ],
            7.0,
        ),
        [200, 190, 176],
    );
    p.body(smooth(&[
        (6.0, 94.0),
        (8.0, 56.0),
        (40.0, 48.0),
        (100.0, 46.0),
        (150.0, 56.0),
        (182.0, 78.0),
        (178.0, 96.0),
    ]));
    p.tone(
        smooth(&[
            (8.0, 60.0),
            (30.0, 44.0),
            (70.0, 40.0),
            (100.0, 48.0),
            (70.0, 56.0),
            (20.0, 64.0),
        ]),
        IVORY,
    );
    for i in 0..8 {
        let x = 20.0 + i as f32 * 10.0;
        p.seam(line(x, 46.0, x + 3.0, 54.0), [200, 196, 186], 0.8, 1.5);
    }
    p.seam(
        curve(&[(10.0, 84.0), (90.0, 82.0), (176.0, 88.0)]),
        p.dim(0.55),
        0.6,
        1.5,
    );
}
