//! Sports gear: a basketball, a tennis racket lying flat, a dumbbell, a soccer ball, a
//! volleyball and a barbell with plates.

use super::super::painter::{IVORY, Painter, RUBBER};
use super::super::shapes::{circle, curve, ellipse, line, rrect};
use crate::model::SportsGearModel;

/// Local frame: width × height.
const SIZE: (f32, f32) = (170.0, 150.0);

/// The local frame of a model: balls are round, the barbell long.
pub(super) fn size(model: SportsGearModel) -> (f32, f32) {
    match model {
        SportsGearModel::SoccerBall | SportsGearModel::Volleyball => (150.0, 150.0),
        SportsGearModel::Barbell => (240.0, 110.0),
        _ => SIZE,
    }
}

/// Draws the model.
pub(super) fn draw(p: &mut Painter<'_>, model: SportsGearModel) {
    match model {
        SportsGearModel::SoccerBall => {
            // White-and-body panels: a pentagon in the middle, five around it.
            p.body(circle(75.0, 76.0, 70.0));
            let pentagon = |cx: f32, cy: f32, r: f32, turn: f32| -> Vec<(f32, f32)> {
                (0..5)
                    .map(|i| {
                        let a = turn + i as f32 * std::f32::consts::TAU / 5.0;
                        (cx + a.cos() * r, cy + a.sin() * r)
                    })
                    .collect()
            };
            let up = -std::f32::consts::FRAC_PI_2;
            p.tone(
                super::super::shapes::poly(&pentagon(75.0, 76.0, 20.0, up)),
                RUBBER,
            );
            for i in 0..5 {
                let a = up + i as f32 * std::f32::consts::TAU / 5.0;
                let (cx, cy) = (75.0 + a.cos() * 50.0, 76.0 + a.sin() * 50.0);
                p.tone(
                    super::super::shapes::poly(&pentagon(cx, cy, 15.0, a)),
                    RUBBER,
                );
                p.seam(
                    line(75.0 + a.cos() * 20.0, 76.0 + a.sin() * 20.0, cx, cy),
                    RUBBER,
                    0.6,
                    1.5,
                );
            }
            p.line(circle(75.0, 76.0, 70.0), RUBBER, 1.5);
            p.flat(circle(54.0, 50.0, 16.0), [255; 3], 0.22);
        }
        SportsGearModel::Volleyball => {
            // Three bundles of curved panels, their seams sweeping round the ball.
            p.body(circle(75.0, 76.0, 70.0));
            for (a, b, c) in [
                ((20.0, 40.0), (75.0, 60.0), (130.0, 40.0)),
                ((14.0, 90.0), (70.0, 80.0), (104.0, 140.0)),
                ((136.0, 96.0), (84.0, 84.0), (60.0, 144.0)),
            ] {
                p.seam(curve(&[a, b, c]), p.dim(0.45), 0.9, 3.0);
            }
            p.tone(
                super::super::shapes::smooth(&[
                    (20.0, 44.0),
                    (75.0, 22.0),
                    (130.0, 44.0),
                    (75.0, 58.0),
                ]),
                p.secondary(),
            );
            p.flat(circle(54.0, 50.0, 16.0), [255; 3], 0.22);
        }
        SportsGearModel::Barbell => {
            p.chrome(rrect(6.0, 50.0, 228.0, 10.0, 4.0));
            for (x, w, h) in [
                (28.0, 14.0, 96.0),
                (44.0, 12.0, 76.0),
                (198.0, 14.0, 96.0),
                (184.0, 12.0, 76.0),
            ] {
                p.body(rrect(x, 55.0 - h / 2.0, w, h, 4.0));
                p.flat(circle(x + w / 2.0, 55.0, 4.0), [60, 60, 64], 1.0);
            }
            for x in [60.0, 172.0] {
                p.chrome(rrect(x, 46.0, 8.0, 18.0, 2.0));
            }
            p.seam(line(90.0, 55.0, 150.0, 55.0), [90, 92, 98], 0.7, 6.0);
        }
        SportsGearModel::Basketball => {
            p.body(circle(85.0, 80.0, 68.0));
            let seam = RUBBER;
            p.seam(line(17.0, 80.0, 153.0, 80.0), seam, 0.8, 3.0);
            p.seam(line(85.0, 12.0, 85.0, 148.0), seam, 0.8, 3.0);
            p.seam(
                curve(&[(40.0, 28.0), (62.0, 80.0), (40.0, 132.0)]),
                seam,
                0.8,
                3.0,
            );
            p.seam(
                curve(&[(130.0, 28.0), (108.0, 80.0), (130.0, 132.0)]),
                seam,
                0.8,
                3.0,
            );
            p.flat(circle(62.0, 54.0, 16.0), [255; 3], 0.22);
        }
        SportsGearModel::TennisRacket => {
            for i in 0..9 {
                let x = 20.0 + i as f32 * 10.0;
                let half = (1.0 - ((x - 60.0) / 50.0).powi(2)).max(0.0).sqrt() * 60.0;
                p.line(line(x, 75.0 - half, x, 75.0 + half), IVORY, 1.2);
            }
            for i in 0..11 {
                let y = 25.0 + i as f32 * 10.0;
                let half = (1.0 - ((y - 75.0) / 60.0).powi(2)).max(0.0).sqrt() * 50.0;
                p.line(line(60.0 - half, y, 60.0 + half, y), IVORY, 1.2);
            }
            p.body_line(ellipse(60.0, 75.0, 52.0, 64.0), 10.0);
            p.body_line(curve(&[(104.0, 48.0), (118.0, 68.0), (124.0, 75.0)]), 7.0);
            p.body_line(curve(&[(104.0, 102.0), (118.0, 82.0), (124.0, 75.0)]), 7.0);
            p.body(rrect(120.0, 68.0, 26.0, 14.0, 4.0));
            p.tone(rrect(140.0, 66.0, 28.0, 18.0, 6.0), RUBBER);
        }
        _ => {
            p.chrome(rrect(20.0, 68.0, 130.0, 14.0, 5.0));
            p.tone(rrect(62.0, 66.0, 46.0, 18.0, 6.0), RUBBER);
            for (x, w, h) in [
                (4.0, 16.0, 96.0),
                (22.0, 14.0, 76.0),
                (150.0, 16.0, 96.0),
                (134.0, 14.0, 76.0),
            ] {
                p.body(rrect(x, 75.0 - h / 2.0, w, h, 5.0));
            }
        }
    }
}
