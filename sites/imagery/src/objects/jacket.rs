//! Jackets and other tops from the front, as on an invisible mannequin: zip hoodie,
//! blazer, puffer, zip jacket, hooded rain jacket, long coat, sweater, vest, one-piece suit
//! and moto jacket.

use super::super::painter::{IVORY, METAL, Painter, RUBBER};
use super::super::shapes::{circle, curve, ellipse, line, poly, rounded, rrect, smooth};
use crate::model::JacketModel;

/// Local frame: width × height.
pub(super) const SIZE: (f32, f32) = (180.0, 190.0);

const MID: f32 = SIZE.0 / 2.0;

fn mirror(points: &[(f32, f32)]) -> Vec<(f32, f32)> {
    points.iter().map(|&(x, y)| (SIZE.0 - x, y)).collect()
}

/// Draws the model.
pub(super) fn draw(p: &mut Painter<'_>, model: JacketModel) {
    match model {
        JacketModel::ZipHoodie | JacketModel::Blazer | JacketModel::PufferJacket => {
            classic(p, model)
        }
        JacketModel::Vest => vest(p),
        JacketModel::OnePieceSuit => suit(p),
        _ => {
            sleeves(p, model == JacketModel::Sweater);
            more(p, model);
        }
    }
}

/// The two sleeves with their cuffs (ribbed on knitwear).
fn sleeves(p: &mut Painter<'_>, ribbed: bool) {
    let sleeve = [
        (44.0, 20.0),
        (16.0, 36.0),
        (4.0, 160.0),
        (28.0, 164.0),
        (44.0, 74.0),
    ];
    p.body(rounded(&sleeve, 10.0));
    p.body(rounded(&mirror(&sleeve), 10.0));
    let cuff = [(4.0, 156.0), (28.0, 160.0), (27.0, 172.0), (3.0, 168.0)];
    for points in [cuff.to_vec(), mirror(&cuff)] {
        p.tone(rounded(&points, 3.0), p.dim(0.75));
    }
    if ribbed {
        for i in 0..5 {
            let x = 6.0 + i as f32 * 4.5;
            for (a, b) in [(x, x + 0.5), (SIZE.0 - x, SIZE.0 - x - 0.5)] {
                p.seam(line(a, 159.0, b, 169.0), p.dim(0.5), 0.6, 1.0);
            }
        }
    }
}

/// The torso down to `hem`.
fn torso(p: &mut Painter<'_>, hem: f32) {
    p.body(rounded(
        &[
            (42.0, 18.0),
            (72.0, 10.0),
            (108.0, 10.0),
            (138.0, 18.0),
            (140.0 + (hem - 180.0) * 0.3, hem),
            (40.0 - (hem - 180.0) * 0.3, hem),
        ],
        10.0,
    ));
}

fn more(p: &mut Painter<'_>, model: JacketModel) {
    let dark = p.dim(0.6);
    match model {
        JacketModel::ZipJacket => {
            torso(p, 180.0);
            p.tone(rrect(40.0, 170.0, 100.0, 10.0, 3.0), p.dim(0.78));
            p.body(rrect(64.0, 2.0, 52.0, 20.0, 6.0));
            p.line(line(MID, 4.0, MID, 180.0), METAL, 2.5);
            // Slanted hand-pocket zips and a chest pocket, a contrast stripe on each arm.
            p.line(line(54.0, 120.0, 64.0, 150.0), dark, 2.0);
            p.line(line(126.0, 120.0, 116.0, 150.0), dark, 2.0);
            p.line(line(100.0, 50.0, 124.0, 50.0), dark, 2.0);
            let stripe = [(30.0, 30.0), (36.0, 30.0), (22.0, 156.0), (16.0, 156.0)];
            for points in [stripe.to_vec(), mirror(&stripe)] {
                p.flat(poly(&points), p.secondary(), 1.0);
            }
        }
        JacketModel::HoodedRainJacket => {
            torso(p, 186.0);
            // A peaked hood raised over the collar.
            p.body(smooth(&[
                (58.0, 30.0),
                (60.0, 6.0),
                (90.0, -2.0),
                (120.0, 6.0),
                (122.0, 30.0),
                (90.0, 36.0),
            ]));
            p.flat(
                smooth(&[
                    (70.0, 26.0),
                    (74.0, 12.0),
                    (90.0, 8.0),
                    (106.0, 12.0),
                    (110.0, 26.0),
                    (90.0, 32.0),
                ]),
                dark,
                0.9,
            );
            p.tone(rrect(86.0, 30.0, 8.0, 156.0, 2.0), p.dim(0.85));
            for x in [82.0, 98.0] {
                p.line(line(x, 30.0, x, 46.0), IVORY, 1.5);
                p.tone(circle(x, 48.0, 2.5), p.secondary());
            }
            for (x, y) in [(52.0, 120.0), (106.0, 120.0)] {
                p.tone(rrect(x, y, 22.0, 4.0, 2.0), p.dim(0.7));
            }
        }
        JacketModel::LongCoat => {
            torso(p, 190.0);
            for side in [false, true] {
                let lapel = [
                    (72.0, 10.0),
                    (52.0, 44.0),
                    (66.0, 50.0),
                    (58.0, 58.0),
                    (90.0, 96.0),
                    (84.0, 96.0),
                    (56.0, 62.0),
                ];
                let pts = if side { mirror(&lapel) } else { lapel.to_vec() };
                p.tone(poly(&pts), p.dim(0.82));
            }
            p.flat(
                poly(&[(74.0, 12.0), (106.0, 12.0), (90.0, 40.0)]),
                IVORY,
                1.0,
            );
            p.tone(rrect(42.0, 110.0, 96.0, 10.0, 3.0), p.dim(0.85));
            p.chrome(rrect(84.0, 108.0, 12.0, 14.0, 2.0));
            for y in [82.0, 134.0, 160.0] {
                for x in [76.0, 104.0] {
                    p.tone(circle(x, y, 3.5), RUBBER);
                }
            }
            p.line(line(MID, 96.0, MID, 190.0), dark, 1.0);
        }
        JacketModel::Sweater => {
            torso(p, 176.0);
            p.tone(rrect(40.0, 166.0, 100.0, 12.0, 4.0), p.dim(0.8));
            p.tone(ellipse(MID, 14.0, 22.0, 8.0), p.dim(0.75));
            p.flat(ellipse(MID, 13.0, 16.0, 5.0), dark, 1.0);
            // A knitted texture: rows of small chevrons, a cable down the middle.
            for row in 0..10 {
                let y = 34.0 + row as f32 * 13.0;
                for col in 0..8 {
                    let x = 50.0 + col as f32 * 11.0;
                    p.seam(
                        super::super::shapes::polyline(&[(x, y), (x + 4.0, y + 4.0), (x + 8.0, y)]),
                        dark,
                        0.45,
                        1.0,
                    );
                }
            }
            for i in 0..8 {
                let y = 30.0 + i as f32 * 17.0;
                p.seam(
                    curve(&[(MID - 5.0, y), (MID + 5.0, y + 8.0), (MID - 5.0, y + 16.0)]),
                    p.secondary(),
                    0.9,
                    2.0,
                );
            }
            for x in (44..136).step_by(6) {
                p.seam(line(x as f32, 168.0, x as f32, 176.0), dark, 0.6, 1.0);
            }
        }
        _ => {
            // Cropped, with an asymmetric zip, a wide snapped collar and a belt at the hem.
            torso(p, 164.0);
            p.tone(rrect(40.0, 152.0, 100.0, 12.0, 2.0), p.dim(0.8));
            p.chrome(rrect(110.0, 152.0, 12.0, 12.0, 2.0));
            p.line(
                super::super::shapes::polyline(&[(72.0, 12.0), (110.0, 60.0), (110.0, 164.0)]),
                METAL,
                2.5,
            );
            for side in [false, true] {
                let collar = [(72.0, 10.0), (46.0, 26.0), (62.0, 60.0), (88.0, 36.0)];
                let pts = if side {
                    mirror(&collar)
                } else {
                    collar.to_vec()
                };
                p.tone(poly(&pts), p.dim(0.75));
            }
            for (x, y) in [(58.0, 48.0), (122.0, 48.0)] {
                p.chrome(circle(x, y, 2.5));
            }
            p.line(line(52.0, 100.0, 72.0, 92.0), METAL, 2.0);
            p.line(line(16.0, 150.0, 24.0, 150.0), METAL, 2.0);
            p.line(line(156.0, 150.0, 164.0, 150.0), METAL, 2.0);
        }
    }
}

/// A quilted sleeveless puffer vest with a stand collar.
fn vest(p: &mut Painter<'_>) {
    let dark = p.dim(0.6);
    p.body(rounded(
        &[
            (56.0, 12.0),
            (72.0, 8.0),
            (108.0, 8.0),
            (124.0, 12.0),
            (132.0, 52.0),
            (146.0, 70.0),
            (148.0, 180.0),
            (32.0, 180.0),
            (34.0, 70.0),
            (48.0, 52.0),
        ],
        10.0,
    ));
    for i in 0..8 {
        let y = 34.0 + i as f32 * 18.0;
        p.seam(line(36.0, y, 144.0, y), dark, 0.7, 1.5);
        p.seam(line(38.0, y - 9.0, 142.0, y - 9.0), [255; 3], 0.18, 6.0);
    }
    p.body(rrect(64.0, 2.0, 52.0, 18.0, 6.0));
    p.line(line(MID, 4.0, MID, 180.0), METAL, 2.5);
    for x in [52.0, 128.0] {
        p.flat(ellipse(x, 40.0, 6.0, 18.0), dark, 0.8);
    }
}

/// A one-piece suit: sleeves, torso and two legs, zipped from collar to crotch.
fn suit(p: &mut Painter<'_>) {
    let dark = p.dim(0.6);
    let sleeve = [
        (50.0, 20.0),
        (28.0, 34.0),
        (16.0, 110.0),
        (36.0, 114.0),
        (52.0, 60.0),
    ];
    p.body(rounded(&sleeve, 8.0));
    p.body(rounded(&mirror(&sleeve), 8.0));
    for x in [16.0, 144.0] {
        p.tone(rrect(x, 108.0, 20.0, 12.0, 4.0), p.secondary());
    }
    let leg = [(52.0, 110.0), (88.0, 110.0), (86.0, 182.0), (54.0, 182.0)];
    p.body(rounded(&leg, 6.0));
    p.body(rounded(&mirror(&leg), 6.0));
    p.body(rounded(
        &[
            (50.0, 16.0),
            (74.0, 8.0),
            (106.0, 8.0),
            (130.0, 16.0),
            (130.0, 126.0),
            (50.0, 126.0),
        ],
        10.0,
    ));
    p.body(rrect(70.0, 0.0, 40.0, 16.0, 6.0));
    p.line(line(MID, 2.0, MID, 122.0), METAL, 2.5);
    p.tone(rrect(50.0, 96.0, 80.0, 8.0, 2.0), p.secondary());
    for x in [52.0, 94.0] {
        p.tone(rrect(x, 178.0, 34.0, 10.0, 3.0), RUBBER);
    }
    p.seam(line(MID, 126.0, MID, 182.0), dark, 0.8, 1.2);
}

/// Templates 0–2, as first drawn.
fn classic(p: &mut Painter<'_>, model: JacketModel) {
    let dark = p.dim(0.6);
    if model == JacketModel::ZipHoodie {
        // The hood lies behind the shoulders.
        p.tone(
            smooth(&[
                (54.0, 22.0),
                (66.0, 2.0),
                (114.0, 2.0),
                (126.0, 22.0),
                (90.0, 30.0),
            ]),
            p.dim(0.8),
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
    let cuff = if model == JacketModel::Blazer {
        p.dim(0.85)
    } else {
        p.dim(0.75)
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
    match model {
        JacketModel::ZipHoodie => {
            p.tone(rrect(40.0, 168.0, 100.0, 14.0, 4.0), p.dim(0.78));
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
        JacketModel::Blazer => {
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
                p.tone(poly(&pts), p.dim(0.85));
            }
            for y in [112.0, 136.0] {
                p.tone(circle(MID, y, 3.5), RUBBER);
            }
            p.line(line(MID, 100.0, MID, 180.0), dark, 1.0);
            for x in [48.0, 104.0] {
                p.tone(rrect(x, 144.0, 28.0, 6.0, 1.0), p.dim(0.8));
            }
        }
        _ => {
            // Quilted bands across torso and sleeves, a stand collar and zip.
            for i in 0..8 {
                let y = 34.0 + i as f32 * 18.0;
                p.seam(line(42.0, y, 138.0, y), dark, 0.7, 1.5);
                p.seam(line(44.0, y - 9.0, 136.0, y - 9.0), [255; 3], 0.18, 6.0);
            }
            // Sleeve quilting follows the sleeve's taper.
            for i in 0..6 {
                let y = 52.0 + i as f32 * 18.0;
                let outer = 16.0 - (y - 36.0) * 0.097 + 1.5;
                let inner = if y < 74.0 {
                    44.0
                } else {
                    44.0 - (y - 74.0) * 0.178
                } - 1.5;
                for (a, b) in [(outer, inner), (SIZE.0 - outer, SIZE.0 - inner)] {
                    p.seam(line(a, y + 4.0, b, y), dark, 0.7, 1.2);
                }
            }
            p.body(rrect(62.0, 4.0, 56.0, 20.0, 6.0));
            p.line(line(MID, 6.0, MID, 180.0), METAL, 2.5);
        }
    }
}
