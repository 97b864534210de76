//! Bags from the front: a laptop bag with handles and shoulder strap, a backpack and a
//! messenger bag.

use super::super::painter::{METAL, Painter, RUBBER};
use super::super::shapes::{curve, rounded, rrect};
use crate::model::BagModel;

/// Local frame: width × height.
pub(super) const SIZE: (f32, f32) = (180.0, 170.0);

/// Draws the model.
pub(super) fn draw(p: &mut Painter<'_>, model: BagModel) {
    match model {
        BagModel::LaptopBag => {
            // A slim briefcase: shoulder strap arcing over, two handles, a zipped front pocket.
            p.line(
                curve(&[(14.0, 70.0), (30.0, 8.0), (150.0, 8.0), (166.0, 70.0)]),
                RUBBER,
                5.0,
            );
            p.line(
                curve(&[(62.0, 58.0), (70.0, 34.0), (110.0, 34.0), (118.0, 58.0)]),
                p.dim(0.6),
                7.0,
            );
            p.body(rrect(4.0, 54.0, 172.0, 114.0, 10.0));
            p.tone(rrect(20.0, 96.0, 140.0, 60.0, 8.0), p.dim(0.85));
            p.line(
                super::super::shapes::line(26.0, 102.0, 154.0, 102.0),
                METAL,
                2.0,
            );
            p.chrome(rrect(130.0, 98.0, 10.0, 10.0, 2.0));
            for x in [8.0, 166.0] {
                p.chrome(rrect(x, 62.0, 6.0, 10.0, 2.0));
            }
            p.tone(rrect(80.0, 66.0, 20.0, 8.0, 2.0), p.secondary());
        }
        BagModel::Backpack => {
            // Rounded top, a front pocket, side straps and a grab handle.
            p.line(
                curve(&[(76.0, 14.0), (90.0, 0.0), (104.0, 14.0)]),
                p.dim(0.6),
                5.0,
            );
            for x in [26.0, 154.0] {
                p.tone(
                    rounded(
                        &[
                            (x - 10.0, 30.0),
                            (x + 10.0, 30.0),
                            (x + 6.0, 150.0),
                            (x - 6.0, 150.0),
                        ],
                        6.0,
                    ),
                    p.dim(0.7),
                );
            }
            p.body(rounded(
                &[
                    (30.0, 30.0),
                    (60.0, 8.0),
                    (120.0, 8.0),
                    (150.0, 30.0),
                    (156.0, 166.0),
                    (24.0, 166.0),
                ],
                24.0,
            ));
            p.body(rounded(
                &[(44.0, 90.0), (136.0, 90.0), (140.0, 160.0), (40.0, 160.0)],
                14.0,
            ));
            p.line(
                curve(&[(50.0, 96.0), (90.0, 92.0), (130.0, 96.0)]),
                METAL,
                2.0,
            );
            p.seam(
                curve(&[(38.0, 38.0), (90.0, 20.0), (142.0, 38.0)]),
                METAL,
                0.9,
                2.0,
            );
            p.tone(rrect(78.0, 110.0, 24.0, 14.0, 3.0), p.secondary());
        }
        _ => {
            // A long strap above, the bag body, and a flap with a rounded edge over two
            // thirds of it, held by two buckled straps.
            p.line(
                curve(&[(12.0, 70.0), (24.0, 4.0), (156.0, 4.0), (168.0, 70.0)]),
                p.dim(0.6),
                8.0,
            );
            p.body(rrect(6.0, 56.0, 168.0, 112.0, 8.0));
            p.tone(rrect(6.0, 150.0, 168.0, 18.0, 6.0), p.dim(0.8));
            p.tone(
                rounded(
                    &[
                        (2.0, 52.0),
                        (178.0, 52.0),
                        (178.0, 124.0),
                        (150.0, 136.0),
                        (30.0, 136.0),
                        (2.0, 124.0),
                    ],
                    12.0,
                ),
                p.dim(0.6),
            );
            p.body(rounded(
                &[
                    (4.0, 50.0),
                    (176.0, 50.0),
                    (176.0, 120.0),
                    (150.0, 132.0),
                    (30.0, 132.0),
                    (4.0, 120.0),
                ],
                12.0,
            ));
            p.seam(
                rounded(
                    &[
                        (10.0, 56.0),
                        (170.0, 56.0),
                        (170.0, 116.0),
                        (148.0, 126.0),
                        (32.0, 126.0),
                        (10.0, 116.0),
                    ],
                    10.0,
                ),
                p.dim(0.5),
                0.8,
                1.0,
            );
            for x in [44.0, 124.0] {
                p.tone(rrect(x, 100.0, 12.0, 52.0, 2.0), p.dim(0.7));
                p.chrome(rrect(x - 2.0, 124.0, 16.0, 10.0, 2.0));
            }
            p.tone(rrect(74.0, 70.0, 32.0, 12.0, 3.0), p.secondary());
        }
    }
}
