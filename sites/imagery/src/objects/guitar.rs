//! Stringed instruments standing upright: acoustic, double-cut electric and single-cut
//! electric guitars, a bass guitar, a ukulele, a mandolin and a banjo.

use super::super::painter::{IVORY, METAL, Painter, RUBBER, WOOD, shade};
use super::super::shapes::{circle, ellipse, line, rounded, rrect, smooth};
use crate::model::GuitarModel;

/// Local frame of the guitars: width × height.
const SIZE: (f32, f32) = (110.0, 260.0);

const MID: f32 = SIZE.0 / 2.0;

/// The local frame of a model: the small instruments are drawn smaller.
pub(super) fn size(model: GuitarModel) -> (f32, f32) {
    match model {
        GuitarModel::Ukulele => (80.0, 190.0),
        GuitarModel::Mandolin => (90.0, 210.0),
        GuitarModel::Banjo => (110.0, 240.0),
        _ => SIZE,
    }
}

/// Draws the model.
pub(super) fn draw(p: &mut Painter<'_>, model: GuitarModel) {
    match model {
        GuitarModel::BassGuitar => bass(p),
        GuitarModel::Ukulele => ukulele(p),
        GuitarModel::Mandolin => mandolin(p),
        GuitarModel::Banjo => banjo(p),
        _ => guitar(p, model),
    }
}

/// A neck from `top` to `bottom` centred on `mid`, `w` wide, with frets and a headstock
/// of `pegs` tuners a side (`one_side` puts them all on the bass side).
fn neck(p: &mut Painter<'_>, mid: f32, top: f32, bottom: f32, w: f32, pegs: usize, one_side: bool) {
    p.tone(
        rrect(mid - w / 2.0, top + 18.0, w, bottom - top - 18.0, 2.0),
        shade(WOOD, 0.7),
    );
    let frets = ((bottom - top - 18.0) / 9.0) as usize;
    for i in 0..frets {
        let y = top + 24.0 + i as f32 * 9.0;
        p.line(line(mid - w / 2.0, y, mid + w / 2.0, y), METAL, 0.8);
    }
    if one_side {
        p.tone(
            rounded(
                &[
                    (mid - w / 2.0 - 1.0, top + 20.0),
                    (mid - w / 2.0 - 2.0, top),
                    (mid + w / 2.0 + 10.0, top + 2.0),
                    (mid + w / 2.0 + 1.0, top + 20.0),
                ],
                4.0,
            ),
            [40, 30, 24],
        );
        for i in 0..pegs {
            p.chrome(circle(mid + w / 2.0 + 5.0, top + 3.0 + i as f32 * 5.0, 2.4));
        }
    } else {
        p.tone(
            rounded(
                &[
                    (mid - w / 2.0, top + 20.0),
                    (mid - w / 2.0 - 4.0, top),
                    (mid + w / 2.0 + 4.0, top),
                    (mid + w / 2.0, top + 20.0),
                ],
                3.0,
            ),
            [40, 30, 24],
        );
        for i in 0..pegs {
            let y = top + 4.0 + i as f32 * (14.0 / pegs as f32);
            p.chrome(circle(mid - w / 2.0 - 7.0, y, 2.2));
            p.chrome(circle(mid + w / 2.0 + 7.0, y, 2.2));
        }
    }
}

/// `count` strings from `top` to `bottom`, spread over `spread` around `mid`.
fn strings(p: &mut Painter<'_>, mid: f32, top: f32, bottom: f32, spread: f32, count: usize) {
    for i in 0..count {
        let x = mid - spread / 2.0 + i as f32 * spread / (count - 1).max(1) as f32;
        p.seam(line(x, top, x, bottom), [225, 225, 230], 0.9, 0.5);
    }
}

fn bass(p: &mut Painter<'_>) {
    neck(p, MID, 0.0, 150.0, 11.0, 4, true);
    p.body(smooth(&[
        (MID, 150.0),
        (72.0, 142.0),
        (86.0, 122.0),
        (94.0, 146.0),
        (90.0, 180.0),
        (104.0, 220.0),
        (94.0, 250.0),
        (MID, 259.0),
        (16.0, 250.0),
        (6.0, 220.0),
        (20.0, 180.0),
        (14.0, 144.0),
        (26.0, 126.0),
        (38.0, 146.0),
    ]));
    p.tone(
        smooth(&[
            (MID - 6.0, 152.0),
            (66.0, 156.0),
            (72.0, 196.0),
            (62.0, 212.0),
            (36.0, 206.0),
            (32.0, 168.0),
        ]),
        p.secondary(),
    );
    for y in [176.0, 198.0] {
        p.tone(rrect(MID - 10.0, y, 20.0, 8.0, 3.0), [30, 30, 32]);
    }
    p.chrome(rrect(MID - 10.0, 226.0, 20.0, 9.0, 1.5));
    strings(p, MID, 16.0, 228.0, 6.0, 4);
}

fn ukulele(p: &mut Painter<'_>) {
    let mid = 40.0;
    neck(p, mid, 0.0, 100.0, 10.0, 2, false);
    p.body(smooth(&[
        (mid, 92.0),
        (62.0, 98.0),
        (66.0, 118.0),
        (58.0, 134.0),
        (74.0, 160.0),
        (66.0, 184.0),
        (mid, 189.0),
        (14.0, 184.0),
        (6.0, 160.0),
        (22.0, 134.0),
        (14.0, 118.0),
        (18.0, 98.0),
    ]));
    p.line(circle(mid, 134.0, 11.0), p.secondary(), 2.0);
    p.flat(circle(mid, 134.0, 9.0), [22, 16, 12], 1.0);
    p.tone(rrect(mid - 12.0, 164.0, 24.0, 6.0, 2.0), [40, 30, 24]);
    strings(p, mid, 16.0, 166.0, 5.0, 4);
}

fn mandolin(p: &mut Painter<'_>) {
    let mid = 45.0;
    neck(p, mid, 0.0, 110.0, 11.0, 4, false);
    // A teardrop body with an oval sound hole.
    p.body(smooth(&[
        (mid, 96.0),
        (70.0, 112.0),
        (86.0, 150.0),
        (82.0, 186.0),
        (mid, 208.0),
        (8.0, 186.0),
        (4.0, 150.0),
        (20.0, 112.0),
    ]));
    p.line(ellipse(mid, 140.0, 12.0, 16.0), IVORY, 2.0);
    p.flat(ellipse(mid, 140.0, 10.0, 14.0), [22, 16, 12], 1.0);
    p.chrome(rrect(mid - 9.0, 176.0, 18.0, 5.0, 1.5));
    p.chrome(rounded(
        &[
            (mid - 8.0, 196.0),
            (mid + 8.0, 196.0),
            (mid + 4.0, 206.0),
            (mid - 4.0, 206.0),
        ],
        2.0,
    ));
    strings(p, mid, 16.0, 200.0, 7.0, 8);
}

fn banjo(p: &mut Painter<'_>) {
    let cy = 184.0;
    neck(p, MID, 0.0, cy - 40.0, 10.0, 2, false);
    p.chrome(circle(MID + 14.0, 96.0, 2.4));
    // A wide resonator flange around a round drum head, brackets on the rim.
    p.body(circle(MID, cy, 54.0));
    p.chrome(circle(MID, cy, 34.0));
    p.tone(circle(MID, cy, 30.0), [238, 234, 222]);
    for i in 0..16 {
        let a = i as f32 * std::f32::consts::TAU / 16.0;
        let (sn, cs) = a.sin_cos();
        p.line(
            line(
                MID + cs * 34.0,
                cy + sn * 34.0,
                MID + cs * 42.0,
                cy + sn * 42.0,
            ),
            METAL,
            2.0,
        );
    }
    p.tone(rrect(MID - 12.0, cy + 8.0, 24.0, 5.0, 1.5), [40, 30, 24]);
    p.chrome(rounded(
        &[
            (MID - 8.0, cy + 22.0),
            (MID + 8.0, cy + 22.0),
            (MID + 5.0, cy + 34.0),
            (MID - 5.0, cy + 34.0),
        ],
        2.0,
    ));
    strings(p, MID, 16.0, cy + 28.0, 6.0, 5);
}

/// Templates 0–2, as first drawn.
fn guitar(p: &mut Painter<'_>, model: GuitarModel) {
    let neck_wood = if model == GuitarModel::ElectricGuitar {
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
    let head = match model {
        GuitarModel::ElectricGuitar => rounded(
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
        if model == GuitarModel::ElectricGuitar {
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
    match model {
        GuitarModel::AcousticGuitar => {
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
        GuitarModel::ElectricGuitar => {
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
    let bridge = if model == GuitarModel::AcousticGuitar {
        217.0
    } else {
        224.0
    };
    for i in 0..6 {
        let x = MID - 4.5 + i as f32 * 1.8;
        p.seam(line(x, 24.0, x, bridge), [225, 225, 230], 0.9, 0.5);
    }
}
