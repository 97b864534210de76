//! Small electronics: a USB hub, a docking station, a webcam, a calculator, a paper
//! shredder, a label maker, a wall charger, a power bank and a wireless charging pad.

use super::super::painter::{IVORY, METAL, Painter, RUBBER, shade};
use super::super::shapes::{circle, curve, ellipse, line, poly, rounded, rrect, smooth};
use crate::model::GadgetModel;

/// The local frame of a model.
pub(super) fn size(model: GadgetModel) -> (f32, f32) {
    match model {
        GadgetModel::UsbHub => (190.0, 70.0),
        GadgetModel::DockingStation => (200.0, 90.0),
        GadgetModel::Webcam => (150.0, 120.0),
        GadgetModel::Calculator => (110.0, 160.0),
        GadgetModel::PaperShredder => (140.0, 180.0),
        GadgetModel::LabelMaker => (110.0, 170.0),
        GadgetModel::WallCharger => (130.0, 130.0),
        GadgetModel::PowerBank => (180.0, 100.0),
        _ => (170.0, 80.0),
    }
}

/// Draws the model.
pub(super) fn draw(p: &mut Painter<'_>, model: GadgetModel) {
    match model {
        GadgetModel::UsbHub => {
            p.line(
                curve(&[(4.0, 60.0), (14.0, 40.0), (40.0, 40.0)]),
                RUBBER,
                4.0,
            );
            p.chrome(rrect(0.0, 54.0, 10.0, 14.0, 2.0));
            p.body(rrect(36.0, 26.0, 150.0, 32.0, 10.0));
            p.tone(rrect(36.0, 26.0, 150.0, 8.0, 4.0), p.dim(1.12));
            for i in 0..4 {
                port(p, 56.0 + i as f32 * 30.0, 40.0);
            }
            p.flat(circle(176.0, 42.0, 2.0), [80, 180, 240], 1.0);
        }
        GadgetModel::DockingStation => {
            p.body(rrect(4.0, 16.0, 192.0, 66.0, 8.0));
            p.tone(rrect(4.0, 16.0, 192.0, 12.0, 6.0), p.dim(1.12));
            for i in 0..3 {
                port(p, 20.0 + i as f32 * 26.0, 50.0);
            }
            for i in 0..2 {
                p.tone(
                    rrect(102.0 + i as f32 * 30.0, 44.0, 22.0, 14.0, 2.0),
                    RUBBER,
                );
                p.flat(
                    rrect(106.0 + i as f32 * 30.0, 48.0, 14.0, 6.0, 1.0),
                    [90, 90, 96],
                    1.0,
                );
            }
            p.tone(circle(178.0, 50.0, 6.0), RUBBER);
            p.flat(circle(178.0, 50.0, 2.0), [80, 180, 240], 1.0);
        }
        GadgetModel::Webcam => {
            // A camera bar on a folding clip, lens in the middle.
            p.tone(
                poly(&[(50.0, 70.0), (100.0, 70.0), (110.0, 116.0), (40.0, 116.0)]),
                RUBBER,
            );
            p.body(rrect(6.0, 20.0, 138.0, 56.0, 26.0));
            p.chrome(circle(75.0, 48.0, 20.0));
            p.tone(circle(75.0, 48.0, 16.0), RUBBER);
            p.glass(circle(75.0, 48.0, 10.0));
            p.flat(circle(72.0, 44.0, 3.0), [255; 3], 0.6);
            for x in [28.0, 122.0] {
                p.flat(circle(x, 48.0, 3.0), [40, 40, 44], 0.8);
            }
            p.flat(circle(100.0, 34.0, 2.0), [80, 220, 120], 1.0);
        }
        GadgetModel::Calculator => {
            p.body(rrect(4.0, 4.0, 102.0, 152.0, 12.0));
            p.tone(rrect(14.0, 14.0, 82.0, 32.0, 4.0), [50, 52, 56]);
            p.tone(rrect(18.0, 18.0, 74.0, 24.0, 2.0), [176, 190, 170]);
            p.flat(rrect(48.0, 24.0, 40.0, 12.0, 1.0), [40, 44, 40], 0.8);
            for row in 0..5 {
                for col in 0..4 {
                    let colour = if col == 3 {
                        p.secondary()
                    } else {
                        shade(IVORY, 0.92)
                    };
                    p.tone(
                        rrect(
                            14.0 + col as f32 * 21.0,
                            56.0 + row as f32 * 19.0,
                            16.0,
                            14.0,
                            3.0,
                        ),
                        colour,
                    );
                }
            }
        }
        GadgetModel::PaperShredder => {
            // A bin with a cutting head on top, paper strips through the window.
            p.body(rounded(
                &[(14.0, 50.0), (126.0, 50.0), (120.0, 178.0), (20.0, 178.0)],
                6.0,
            ));
            p.tone(rrect(4.0, 20.0, 132.0, 34.0, 8.0), [48, 50, 54]);
            p.tone(rrect(24.0, 26.0, 92.0, 5.0, 2.0), RUBBER);
            p.flat(circle(118.0, 40.0, 3.0), [80, 220, 120], 1.0);
            p.tone(rrect(40.0, 90.0, 60.0, 50.0, 6.0), [60, 62, 66]);
            for i in 0..6 {
                p.line(
                    line(48.0 + i as f32 * 9.0, 94.0, 46.0 + i as f32 * 9.0, 136.0),
                    [240, 240, 236],
                    3.0,
                );
            }
            p.tone(rrect(30.0, 4.0, 52.0, 18.0, 1.0), [246, 246, 240]);
        }
        GadgetModel::LabelMaker => {
            // A handheld label printer: screen, keyboard, label tape out of the top.
            p.tone(rrect(36.0, 0.0, 38.0, 22.0, 1.0), [250, 250, 246]);
            p.flat(rrect(42.0, 6.0, 24.0, 5.0, 1.0), RUBBER, 0.9);
            p.body(rounded(
                &[
                    (14.0, 18.0),
                    (96.0, 18.0),
                    (104.0, 60.0),
                    (96.0, 166.0),
                    (14.0, 166.0),
                    (6.0, 60.0),
                ],
                14.0,
            ));
            p.tone(rrect(22.0, 30.0, 66.0, 30.0, 3.0), [50, 52, 56]);
            p.tone(rrect(26.0, 34.0, 58.0, 22.0, 2.0), [176, 190, 170]);
            for row in 0..5 {
                for col in 0..5 {
                    p.tone(
                        rrect(
                            20.0 + col as f32 * 14.5,
                            72.0 + row as f32 * 15.0,
                            11.0,
                            10.0,
                            2.0,
                        ),
                        shade(IVORY, 0.9),
                    );
                }
            }
            p.tone(rrect(42.0, 150.0, 26.0, 8.0, 3.0), p.secondary());
        }
        GadgetModel::WallCharger => {
            // A plug-in cube with its prongs, a coiled cable beside it.
            p.line(
                curve(&[(80.0, 100.0), (120.0, 118.0), (120.0, 80.0), (90.0, 70.0)]),
                RUBBER,
                4.0,
            );
            p.line(ellipse(104.0, 100.0, 18.0, 12.0), RUBBER, 4.0);
            for x in [30.0, 54.0] {
                p.chrome(rrect(x, 8.0, 8.0, 24.0, 1.5));
            }
            p.body(rrect(6.0, 28.0, 80.0, 98.0, 14.0));
            p.tone(rrect(6.0, 28.0, 80.0, 14.0, 7.0), p.dim(1.12));
            p.tone(rrect(32.0, 96.0, 28.0, 10.0, 3.0), RUBBER);
        }
        GadgetModel::PowerBank => {
            p.line(
                curve(&[(168.0, 60.0), (176.0, 80.0), (150.0, 96.0)]),
                RUBBER,
                4.0,
            );
            p.body(rrect(6.0, 20.0, 160.0, 72.0, 16.0));
            p.tone(rrect(6.0, 20.0, 160.0, 12.0, 8.0), p.dim(1.12));
            for i in 0..4 {
                p.flat(
                    circle(40.0 + i as f32 * 12.0, 76.0, 3.0),
                    [80, 180, 240],
                    if i < 3 { 1.0 } else { 0.3 },
                );
            }
            port(p, 150.0, 50.0);
            p.tone(rrect(30.0, 44.0, 50.0, 14.0, 4.0), p.secondary());
        }
        _ => {
            // A flat round pad with a light ring, its cable off to the right.
            p.line(
                curve(&[(120.0, 60.0), (150.0, 62.0), (168.0, 72.0)]),
                RUBBER,
                4.0,
            );
            p.tone(ellipse(80.0, 58.0, 76.0, 18.0), p.dim(0.6));
            p.body(ellipse(80.0, 50.0, 76.0, 20.0));
            p.tone(ellipse(80.0, 46.0, 56.0, 13.0), p.dim(0.85));
            p.line(ellipse(80.0, 46.0, 44.0, 10.0), [200, 240, 255], 2.0);
            p.flat(
                smooth(&[(70.0, 44.0), (80.0, 38.0), (90.0, 44.0), (80.0, 50.0)]),
                METAL,
                0.8,
            );
        }
    }
}

/// A USB-A port seen head on, centred at (`cx`, `cy`).
fn port(p: &mut Painter<'_>, cx: f32, cy: f32) {
    p.tone(rrect(cx - 9.0, cy - 5.0, 18.0, 10.0, 1.5), RUBBER);
    p.flat(
        rrect(cx - 7.0, cy - 3.0, 14.0, 3.0, 0.5),
        [40, 90, 200],
        1.0,
    );
}
