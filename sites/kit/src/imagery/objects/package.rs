//! Packaged food and drink standing front on, each with a printed label: a cereal box,
//! a drink can and a bottle.

use super::super::error::ImageryError;
use super::super::painter::{METAL, PAPER, Painter, RUBBER, shade};
use super::super::shapes::{ellipse, poly, rrect, smooth};

/// Local frame: width × height.
pub(super) const SIZE: (f32, f32) = (150.0, 170.0);

/// Draws template 0 (cereal box), 1 (drink can) or 2 (bottle), printing `text` on the label.
pub(super) fn draw(
    p: &mut Painter<'_>,
    template: u8,
    text: Option<&str>,
) -> Result<(), ImageryError> {
    match template {
        0 => {
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
        1 => {
            p.body(rrect(24.0, 14.0, 102.0, 150.0, 12.0));
            p.chrome(ellipse(75.0, 15.0, 48.0, 8.0));
            p.flat(ellipse(75.0, 15.0, 40.0, 5.0), shade(METAL, 0.8), 1.0);
            p.chrome(rrect(28.0, 156.0, 94.0, 10.0, 5.0));
            p.label((30.0, 66.0, 90.0, 44.0), PAPER, text)?;
            p.flat(rrect(36.0, 24.0, 8.0, 120.0, 4.0), [255; 3], 0.18);
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
