//! Packaged food and drink standing front on, each with a printed label: a cereal box,
//! a drink can, a bottle, a snack bag and a jar.

use super::super::error::ImageryError;
use super::super::painter::{METAL, PAPER, Painter, RUBBER, shade};
use super::super::shapes::{ellipse, line, poly, rrect, smooth};
use crate::model::PackageModel;

/// Local frame: width × height.
pub(super) const SIZE: (f32, f32) = (150.0, 170.0);

/// Draws the model, printing `text` on the label.
pub(super) fn draw(
    p: &mut Painter<'_>,
    model: PackageModel,
    text: Option<&str>,
) -> Result<(), ImageryError> {
    match model {
        PackageModel::CerealBox => {
            p.tone(
                poly(&[(8.0, 12.0), (26.0, 3.0), (144.0, 3.0), (126.0, 12.0)]),
                p.dim(1.1),
            );
            p.tone(
                poly(&[(126.0, 12.0), (144.0, 3.0), (144.0, 158.0), (126.0, 167.0)]),
                p.dim(0.72),
            );
            p.body(rrect(8.0, 12.0, 118.0, 155.0, 2.0));
            p.label((16.0, 36.0, 102.0, 64.0), PAPER, text)?;
            p.tone(ellipse(67.0, 134.0, 34.0, 14.0), shade(PAPER, 0.92));
            p.flat(ellipse(67.0, 128.0, 26.0, 7.0), p.secondary(), 1.0);
        }
        PackageModel::DrinkCan => {
            p.body(rrect(24.0, 14.0, 102.0, 150.0, 12.0));
            p.chrome(ellipse(75.0, 15.0, 48.0, 8.0));
            p.flat(ellipse(75.0, 15.0, 40.0, 5.0), shade(METAL, 0.8), 1.0);
            p.chrome(rrect(28.0, 156.0, 94.0, 10.0, 5.0));
            p.label((30.0, 66.0, 90.0, 44.0), PAPER, text)?;
            p.flat(rrect(36.0, 24.0, 8.0, 120.0, 4.0), [255; 3], 0.18);
        }
        PackageModel::SnackBag => {
            // A pillow bag with crimped seals top and bottom.
            p.body(smooth(&[
                (14.0, 20.0),
                (75.0, 14.0),
                (136.0, 20.0),
                (144.0, 90.0),
                (136.0, 158.0),
                (75.0, 164.0),
                (14.0, 158.0),
                (6.0, 90.0),
            ]));
            for y in [6.0, 158.0] {
                p.tone(rrect(12.0, y, 126.0, 12.0, 2.0), p.dim(0.8));
                for i in 0..14 {
                    let x = 16.0 + i as f32 * 9.0;
                    p.seam(line(x, y + 1.0, x, y + 11.0), p.dim(0.5), 0.7, 1.0);
                }
            }
            p.label((20.0, 52.0, 110.0, 56.0), PAPER, text)?;
            p.flat(ellipse(75.0, 132.0, 30.0, 12.0), p.secondary(), 1.0);
            p.flat(rrect(26.0, 30.0, 8.0, 110.0, 4.0), [255; 3], 0.2);
        }
        PackageModel::Jar => {
            // A wide jar with a screw lid.
            p.tone(rrect(30.0, 8.0, 90.0, 26.0, 4.0), p.dim(0.7));
            p.tone(rrect(30.0, 26.0, 90.0, 6.0, 2.0), p.secondary());
            for i in 0..6 {
                let x = 36.0 + i as f32 * 14.0;
                p.seam(line(x, 10.0, x, 32.0), [0; 3], 0.25, 1.5);
            }
            p.body(smooth(&[
                (34.0, 34.0),
                (116.0, 34.0),
                (134.0, 60.0),
                (136.0, 150.0),
                (120.0, 166.0),
                (30.0, 166.0),
                (14.0, 150.0),
                (16.0, 60.0),
            ]));
            p.label((24.0, 76.0, 102.0, 54.0), PAPER, text)?;
            p.flat(rrect(28.0, 50.0, 8.0, 100.0, 4.0), [255; 3], 0.25);
        }
        _ => {
            p.tone(rrect(58.0, 2.0, 34.0, 16.0, 3.0), RUBBER);
            p.body(smooth(&[
                (62.0, 16.0),
                (88.0, 16.0),
                (90.0, 40.0),
                (126.0, 62.0),
                (128.0, 166.0),
                (22.0, 166.0),
                (24.0, 62.0),
                (60.0, 40.0),
            ]));
            p.label((26.0, 82.0, 98.0, 60.0), PAPER, text)?;
            p.flat(rrect(34.0, 64.0, 8.0, 96.0, 4.0), [255; 3], 0.2);
        }
    }
    Ok(())
}
