//! Media players from the front: a Blu-ray player, a streaming box with its remote, a
//! turntable seen from above at an angle, a projector and an indoor antenna.

use super::super::painter::{IVORY, METAL, Painter, RUBBER};
use super::super::shapes::{circle, ellipse, line, poly, rounded, rrect, smooth};
use crate::model::MediaPlayerModel;

/// The local frame of a model.
pub(super) fn size(model: MediaPlayerModel) -> (f32, f32) {
    match model {
        MediaPlayerModel::BluRayPlayer => (230.0, 70.0),
        MediaPlayerModel::StreamingBox => (170.0, 100.0),
        MediaPlayerModel::Turntable => (210.0, 120.0),
        MediaPlayerModel::Projector => (190.0, 110.0),
        _ => (180.0, 170.0),
    }
}

/// Draws the model.
pub(super) fn draw(p: &mut Painter<'_>, model: MediaPlayerModel) {
    match model {
        MediaPlayerModel::BluRayPlayer => {
            for x in [16.0, 200.0] {
                p.tone(rrect(x, 60.0, 14.0, 8.0, 2.0), RUBBER);
            }
            p.body(rrect(2.0, 10.0, 226.0, 52.0, 5.0));
            p.tone(rrect(2.0, 10.0, 226.0, 8.0, 3.0), p.dim(1.1));
            // Disc tray, display and buttons.
            p.tone(rrect(20.0, 28.0, 100.0, 8.0, 2.0), p.dim(0.6));
            p.glass(rrect(140.0, 26.0, 44.0, 14.0, 2.0));
            p.flat(rrect(146.0, 31.0, 26.0, 4.0, 1.0), [110, 220, 240], 0.9);
            for x in [196.0, 210.0] {
                p.tone(circle(x, 33.0, 4.0), p.dim(0.7));
            }
            p.tone(rrect(20.0, 44.0, 36.0, 6.0, 2.0), p.secondary());
        }
        MediaPlayerModel::StreamingBox => {
            // A square puck with a status light; the remote lies in front of it.
            p.tone(ellipse(70.0, 70.0, 62.0, 8.0), p.dim(0.6));
            p.body(rrect(10.0, 16.0, 120.0, 54.0, 12.0));
            p.tone(rrect(10.0, 16.0, 120.0, 12.0, 6.0), p.dim(1.12));
            p.flat(circle(70.0, 52.0, 3.0), [255, 255, 255], 0.9);
            p.body(rounded(
                &[(90.0, 82.0), (166.0, 70.0), (168.0, 82.0), (92.0, 96.0)],
                6.0,
            ));
            for (x, y) in [(110.0, 82.0), (126.0, 79.0), (142.0, 76.0)] {
                p.tone(circle(x, y, 3.5), RUBBER);
            }
            p.tone(circle(156.0, 76.0, 5.0), p.secondary());
        }
        MediaPlayerModel::Turntable => {
            // Plinth, platter with a record, label, tonearm.
            p.tone(rrect(4.0, 92.0, 202.0, 20.0, 4.0), p.dim(0.7));
            p.body(poly(&[
                (22.0, 8.0),
                (188.0, 8.0),
                (206.0, 96.0),
                (4.0, 96.0),
            ]));
            p.chrome(ellipse(92.0, 54.0, 72.0, 34.0));
            p.tone(ellipse(92.0, 52.0, 66.0, 30.0), RUBBER);
            for r in [20.0, 30.0, 42.0, 54.0] {
                p.seam(ellipse(92.0, 52.0, r, r * 0.46), [70, 70, 74], 0.6, 1.0);
            }
            p.tone(ellipse(92.0, 52.0, 14.0, 6.5), p.secondary());
            p.chrome(circle(92.0, 52.0, 2.0));
            p.chrome(circle(172.0, 30.0, 8.0));
            p.line(line(172.0, 30.0, 166.0, 74.0), METAL, 3.0);
            p.line(line(166.0, 74.0, 148.0, 78.0), METAL, 3.0);
            p.tone(rrect(140.0, 74.0, 12.0, 8.0, 2.0), RUBBER);
            p.tone(circle(190.0, 84.0, 5.0), p.dim(0.6));
        }
        MediaPlayerModel::Projector => {
            for x in [20.0, 160.0] {
                p.tone(rrect(x, 96.0, 14.0, 12.0, 3.0), RUBBER);
            }
            p.body(rrect(4.0, 20.0, 182.0, 80.0, 12.0));
            p.tone(rrect(4.0, 20.0, 182.0, 12.0, 6.0), p.dim(1.12));
            // The lens on the left, vents on the right.
            p.chrome(circle(52.0, 62.0, 28.0));
            p.tone(circle(52.0, 62.0, 23.0), RUBBER);
            p.glass(circle(52.0, 62.0, 16.0));
            p.flat(circle(46.0, 56.0, 4.0), [255; 3], 0.6);
            for i in 0..6 {
                p.line(
                    line(110.0, 44.0 + i as f32 * 8.0, 170.0, 44.0 + i as f32 * 8.0),
                    p.dim(0.6),
                    3.0,
                );
            }
            p.tone(circle(100.0, 26.0, 4.0), p.dim(0.7));
        }
        _ => {
            // Rabbit ears on a domed base with a loop in front.
            p.line(line(90.0, 100.0, 14.0, 4.0), METAL, 3.0);
            p.line(line(90.0, 100.0, 170.0, 8.0), METAL, 3.0);
            for (x, y) in [(14.0, 4.0), (170.0, 8.0)] {
                p.chrome(circle(x, y, 4.0));
            }
            p.line(ellipse(90.0, 84.0, 30.0, 28.0), [60, 62, 66], 4.0);
            p.body(smooth(&[
                (20.0, 168.0),
                (34.0, 116.0),
                (90.0, 96.0),
                (146.0, 116.0),
                (160.0, 168.0),
            ]));
            p.tone(rrect(60.0, 136.0, 60.0, 12.0, 5.0), p.dim(0.7));
            p.tone(circle(90.0, 120.0, 7.0), IVORY);
        }
    }
}
