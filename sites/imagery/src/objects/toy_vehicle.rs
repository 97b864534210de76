//! Toy vehicles in side view, facing right: a chunky toy car, a dump truck, an RC buggy
//! with its remote, a kids' ride-on car, a die-cast model on a display stand, a car
//! carrier and an open-wheel race car.

use super::super::painter::{IVORY, METAL, Painter, RUBBER, shade};
use super::super::shapes::{circle, ellipse, line, poly, rounded, rrect, smooth};
use crate::model::ToyVehicleModel;

/// The local frame of a model.
pub(super) fn size(model: ToyVehicleModel) -> (f32, f32) {
    match model {
        ToyVehicleModel::ToyCar => (180.0, 110.0),
        ToyVehicleModel::ToyTruck => (210.0, 120.0),
        ToyVehicleModel::RcCar => (210.0, 130.0),
        ToyVehicleModel::RideOnCar => (200.0, 130.0),
        ToyVehicleModel::DieCastCarOnAStand => (220.0, 100.0),
        ToyVehicleModel::CarCarrier => (250.0, 110.0),
        _ => (230.0, 80.0),
    }
}

/// Draws the model.
pub(super) fn draw(p: &mut Painter<'_>, model: ToyVehicleModel) {
    match model {
        ToyVehicleModel::ToyCar => {
            // Big round wheels, a bubbly body and a round window.
            p.body(smooth(&[
                (6.0, 78.0),
                (10.0, 50.0),
                (50.0, 44.0),
                (70.0, 10.0),
                (120.0, 10.0),
                (140.0, 44.0),
                (174.0, 52.0),
                (176.0, 80.0),
            ]));
            p.glass(smooth(&[
                (78.0, 18.0),
                (114.0, 18.0),
                (128.0, 44.0),
                (66.0, 44.0),
            ]));
            p.tone(rrect(4.0, 68.0, 174.0, 12.0, 6.0), p.secondary());
            wheel(p, 44.0, 84.0, 24.0);
            wheel(p, 138.0, 84.0, 24.0);
        }
        ToyVehicleModel::ToyTruck => {
            // Cab on the right, a tipping bed on the left.
            p.body(rounded(
                &[
                    (130.0, 20.0),
                    (184.0, 20.0),
                    (206.0, 56.0),
                    (206.0, 92.0),
                    (130.0, 92.0),
                ],
                10.0,
            ));
            p.glass(rounded(
                &[(146.0, 28.0), (180.0, 28.0), (194.0, 54.0), (146.0, 54.0)],
                5.0,
            ));
            p.tone(rrect(4.0, 78.0, 200.0, 14.0, 4.0), [60, 62, 66]);
            p.body(poly(&[
                (2.0, 20.0),
                (126.0, 26.0),
                (120.0, 80.0),
                (14.0, 80.0),
            ]));
            p.tone(
                poly(&[(10.0, 26.0), (118.0, 30.0), (114.0, 44.0), (14.0, 40.0)]),
                p.secondary(),
            );
            for x in [40.0, 92.0, 170.0] {
                wheel(p, x, 96.0, 22.0);
            }
        }
        ToyVehicleModel::RcCar => {
            // A buggy over big knobbly wheels, an antenna, and the remote in front.
            p.line(line(40.0, 40.0, 24.0, 0.0), RUBBER, 2.0);
            p.body(smooth(&[
                (10.0, 64.0),
                (30.0, 40.0),
                (90.0, 30.0),
                (150.0, 34.0),
                (200.0, 56.0),
                (190.0, 72.0),
                (20.0, 74.0),
            ]));
            p.tone(rrect(10.0, 30.0, 34.0, 10.0, 3.0), p.secondary());
            p.glass(smooth(&[
                (80.0, 34.0),
                (120.0, 34.0),
                (132.0, 50.0),
                (76.0, 50.0),
            ]));
            for x in [44.0, 166.0] {
                wheel(p, x, 84.0, 30.0);
                for i in 0..14 {
                    let a = i as f32 * std::f32::consts::TAU / 14.0;
                    let (s, c) = a.sin_cos();
                    p.line(
                        line(x + c * 28.0, 84.0 + s * 28.0, x + c * 32.0, 84.0 + s * 32.0),
                        RUBBER,
                        3.0,
                    );
                }
            }
            p.tone(
                rounded(
                    &[(80.0, 96.0), (140.0, 96.0), (146.0, 128.0), (74.0, 128.0)],
                    8.0,
                ),
                [44, 44, 48],
            );
            p.line(line(130.0, 100.0, 152.0, 70.0), METAL, 2.0);
            p.tone(circle(96.0, 112.0, 7.0), shade(METAL, 0.9));
            p.tone(rrect(116.0, 106.0, 16.0, 8.0, 3.0), p.secondary());
        }
        ToyVehicleModel::RideOnCar => {
            // A kid-size open car: a seat, a steering wheel, a windscreen frame.
            p.body(smooth(&[
                (4.0, 96.0),
                (10.0, 60.0),
                (60.0, 54.0),
                (80.0, 70.0),
                (126.0, 70.0),
                (150.0, 50.0),
                (196.0, 64.0),
                (196.0, 100.0),
            ]));
            p.tone(
                rounded(
                    &[(64.0, 30.0), (96.0, 30.0), (100.0, 70.0), (60.0, 70.0)],
                    8.0,
                ),
                RUBBER,
            );
            p.line(line(124.0, 68.0, 112.0, 40.0), METAL, 3.0);
            p.line(ellipse(110.0, 36.0, 12.0, 5.0), RUBBER, 3.0);
            p.line(line(150.0, 52.0, 140.0, 14.0), METAL, 3.0);
            p.glass(poly(&[
                (140.0, 14.0),
                (152.0, 16.0),
                (158.0, 52.0),
                (150.0, 52.0),
            ]));
            p.tone(ellipse(190.0, 76.0, 6.0, 5.0), [250, 246, 220]);
            wheel(p, 46.0, 102.0, 26.0);
            wheel(p, 158.0, 102.0, 26.0);
        }
        ToyVehicleModel::DieCastCarOnAStand => {
            // A small model sedan on a black plinth with a plaque.
            p.tone(
                rounded(
                    &[(10.0, 78.0), (210.0, 78.0), (220.0, 100.0), (0.0, 100.0)],
                    4.0,
                ),
                [30, 30, 32],
            );
            p.tone(rrect(80.0, 86.0, 60.0, 8.0, 1.0), [200, 170, 90]);
            p.body(smooth(&[
                (26.0, 66.0),
                (30.0, 48.0),
                (70.0, 42.0),
                (92.0, 22.0),
                (144.0, 22.0),
                (168.0, 42.0),
                (196.0, 48.0),
                (198.0, 66.0),
            ]));
            p.glass(smooth(&[
                (98.0, 28.0),
                (140.0, 28.0),
                (158.0, 44.0),
                (84.0, 44.0),
            ]));
            p.line(line(119.0, 28.0, 119.0, 44.0), p.dim(0.7), 3.0);
            p.tone(ellipse(194.0, 54.0, 4.0, 3.0), IVORY);
            wheel(p, 62.0, 68.0, 12.0);
            wheel(p, 164.0, 68.0, 12.0);
        }
        ToyVehicleModel::CarCarrier => {
            // A cab pulling a two-deck trailer loaded with two little cars.
            p.body(rounded(
                &[
                    (196.0, 30.0),
                    (236.0, 30.0),
                    (248.0, 60.0),
                    (248.0, 90.0),
                    (196.0, 90.0),
                ],
                8.0,
            ));
            p.glass(rounded(
                &[(206.0, 36.0), (232.0, 36.0), (240.0, 58.0), (206.0, 58.0)],
                4.0,
            ));
            p.body(rrect(4.0, 80.0, 196.0, 10.0, 3.0));
            p.body(rrect(4.0, 42.0, 196.0, 8.0, 3.0));
            for x in [10.0, 100.0, 190.0] {
                p.body(rrect(x, 42.0, 6.0, 44.0, 2.0));
            }
            for (x, y) in [(30.0, 24.0), (110.0, 62.0)] {
                p.tone(
                    smooth(&[
                        (x, y + 18.0),
                        (x + 6.0, y + 6.0),
                        (x + 24.0, y),
                        (x + 50.0, y + 2.0),
                        (x + 62.0, y + 12.0),
                        (x + 62.0, y + 18.0),
                    ]),
                    p.secondary(),
                );
            }
            for x in [30.0, 70.0, 170.0, 226.0] {
                wheel(p, x, 96.0, 13.0);
            }
        }
        _ => {
            // A low open-wheel racer: nose wing, cockpit, airbox and rear wing.
            p.tone(rrect(200.0, 10.0, 26.0, 8.0, 2.0), p.secondary());
            p.tone(rrect(212.0, 10.0, 6.0, 36.0, 2.0), RUBBER);
            p.body(smooth(&[
                (4.0, 60.0),
                (30.0, 50.0),
                (90.0, 42.0),
                (110.0, 24.0),
                (140.0, 22.0),
                (150.0, 36.0),
                (214.0, 40.0),
                (220.0, 60.0),
            ]));
            p.tone(ellipse(118.0, 34.0, 12.0, 7.0), RUBBER);
            p.tone(rrect(0.0, 56.0, 40.0, 8.0, 2.0), p.secondary());
            p.flat(circle(170.0, 48.0, 8.0), IVORY, 1.0);
            wheel(p, 48.0, 56.0, 22.0);
            wheel(p, 186.0, 56.0, 22.0);
        }
    }
}

/// A toy wheel: a thick tyre with a shiny hub.
fn wheel(p: &mut Painter<'_>, cx: f32, cy: f32, r: f32) {
    p.tone(circle(cx, cy, r), RUBBER);
    p.chrome(circle(cx, cy, r * 0.55));
    p.flat(circle(cx, cy, r * 0.2), [90, 92, 98], 1.0);
}
