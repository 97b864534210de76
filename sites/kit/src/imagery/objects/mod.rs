//! The objects a photo can show, each drawn in its own local frame (y down, the
//! floor at the frame's bottom edge) in several recognisable templates.

mod bicycle;
mod book;
mod camera;
mod car;
mod chair;
mod cosmetic;
mod guitar;
mod headphones;
mod jacket;
mod kayak;
mod kitchenware;
mod lamp;
mod laptop;
mod motorcycle;
mod package;
mod parts;
mod phone;
mod shirt;
mod shoes;
mod sofa;
mod sports_gear;
mod table;
mod television;
mod tool;
mod toy;

use super::error::ImageryError;
use super::painter::Painter;
use super::spec::ObjectKind;

/// How many visual templates every kind has at least.
pub const TEMPLATES: u8 = 3;

impl ObjectKind {
    /// The names of this kind's visual templates, indexed by `ImageSpec::template`
    /// (which is taken modulo their number).
    pub fn templates(self) -> &'static [&'static str] {
        match self {
            ObjectKind::Car => &["sedan", "hatchback", "pickup truck", "SUV", "minivan"],
            ObjectKind::Bicycle => &["road bike", "mountain bike", "city bike with basket"],
            ObjectKind::Motorcycle => &["sport bike", "cruiser", "scooter"],
            ObjectKind::Kayak => &["sit-in kayak", "sit-on-top kayak", "tandem kayak"],
            ObjectKind::Phone => &[
                "phone with one camera",
                "phone with triple camera",
                "phone with camera bar",
            ],
            ObjectKind::Laptop => &["open laptop", "laptop seen from behind", "closed laptop"],
            ObjectKind::Television => &["flat-screen TV", "retro TV", "TV on legs"],
            ObjectKind::Sofa => &["three-seat sofa", "modern loveseat", "tufted sofa"],
            ObjectKind::Chair => &["office chair", "dining chair", "armchair"],
            ObjectKind::Table => &["dining table", "round pedestal table", "coffee table"],
            ObjectKind::Jacket => &["zip hoodie", "blazer", "puffer jacket"],
            ObjectKind::Shoes => &["sneakers", "boots", "high heels"],
            ObjectKind::Guitar => &[
                "acoustic guitar",
                "electric guitar",
                "single-cut electric guitar",
            ],
            ObjectKind::Lamp => &["desk lamp", "floor lamp", "table lamp"],
            ObjectKind::Headphones => &[
                "over-ear headphones",
                "headset with microphone",
                "on-ear headphones",
            ],
            ObjectKind::Camera => &["DSLR camera", "compact camera", "instant camera"],
            ObjectKind::Shirt => &["t-shirt", "long-sleeve shirt", "polo shirt"],
            ObjectKind::Package => &["cereal box", "drink can", "bottle"],
            ObjectKind::Kitchenware => &["mug", "kettle", "cooking pot"],
            ObjectKind::Cosmetic => &["pump bottle", "cream jar", "tube"],
            ObjectKind::Toy => &["teddy bear", "stacking blocks", "toy robot"],
            ObjectKind::Tool => &["hammer", "power drill", "screwdriver"],
            ObjectKind::Book => &["hardcover book", "paperback book", "book with banded cover"],
            ObjectKind::SportsGear => &["ball", "tennis racket", "dumbbell"],
        }
    }

    /// Whether the spec's text is printed on the object itself (a label, a cover) rather
    /// than on a sign above it.
    pub fn prints_on_itself(self) -> bool {
        matches!(
            self,
            ObjectKind::Package | ObjectKind::Cosmetic | ObjectKind::Book
        )
    }

    /// The name of the template a spec's `template` number selects.
    pub fn template_name(self, template: u8) -> &'static str {
        let templates = self.templates();
        templates[usize::from(template) % templates.len()]
    }

    /// How many visual templates this kind has.
    pub fn template_count(self) -> u8 {
        u8::try_from(self.templates().len()).unwrap_or(u8::MAX)
    }

    /// The template called `name` (as [`ObjectKind::template_name`] gives it), if this kind
    /// has one.
    pub fn template_named(self, name: &str) -> Option<u8> {
        let index = self.templates().iter().position(|known| *known == name)?;
        u8::try_from(index).ok()
    }
}

/// The local frame's width and height for a kind.
pub(crate) fn size(kind: ObjectKind) -> (f32, f32) {
    match kind {
        ObjectKind::Car => car::SIZE,
        ObjectKind::Bicycle => bicycle::SIZE,
        ObjectKind::Motorcycle => motorcycle::SIZE,
        ObjectKind::Kayak => kayak::SIZE,
        ObjectKind::Phone => phone::SIZE,
        ObjectKind::Laptop => laptop::SIZE,
        ObjectKind::Television => television::SIZE,
        ObjectKind::Sofa => sofa::SIZE,
        ObjectKind::Chair => chair::SIZE,
        ObjectKind::Table => table::SIZE,
        ObjectKind::Jacket => jacket::SIZE,
        ObjectKind::Shoes => shoes::SIZE,
        ObjectKind::Guitar => guitar::SIZE,
        ObjectKind::Lamp => lamp::SIZE,
        ObjectKind::Headphones => headphones::SIZE,
        ObjectKind::Camera => camera::SIZE,
        ObjectKind::Shirt => shirt::SIZE,
        ObjectKind::Package => package::SIZE,
        ObjectKind::Kitchenware => kitchenware::SIZE,
        ObjectKind::Cosmetic => cosmetic::SIZE,
        ObjectKind::Toy => toy::SIZE,
        ObjectKind::Tool => tool::SIZE,
        ObjectKind::Book => book::SIZE,
        ObjectKind::SportsGear => sports_gear::SIZE,
    }
}

/// Draws one object of `kind` in the given template; kinds that print on themselves print
/// `text` on their label or cover.
pub(crate) fn draw(
    kind: ObjectKind,
    template: u8,
    text: Option<&str>,
    p: &mut Painter<'_>,
) -> Result<(), ImageryError> {
    let t = template % kind.template_count();
    match kind {
        ObjectKind::Package => return package::draw(p, t, text),
        ObjectKind::Cosmetic => return cosmetic::draw(p, t, text),
        ObjectKind::Book => return book::draw(p, t, text),
        ObjectKind::Car => car::draw(p, t),
        ObjectKind::Bicycle => bicycle::draw(p, t),
        ObjectKind::Motorcycle => motorcycle::draw(p, t),
        ObjectKind::Kayak => kayak::draw(p, t),
        ObjectKind::Phone => phone::draw(p, t),
        ObjectKind::Laptop => laptop::draw(p, t),
        ObjectKind::Television => television::draw(p, t),
        ObjectKind::Sofa => sofa::draw(p, t),
        ObjectKind::Chair => chair::draw(p, t),
        ObjectKind::Table => table::draw(p, t),
        ObjectKind::Jacket => jacket::draw(p, t),
        ObjectKind::Shoes => shoes::draw(p, t),
        ObjectKind::Guitar => guitar::draw(p, t),
        ObjectKind::Lamp => lamp::draw(p, t),
        ObjectKind::Headphones => headphones::draw(p, t),
        ObjectKind::Camera => camera::draw(p, t),
        ObjectKind::Shirt => shirt::draw(p, t),
        ObjectKind::Kitchenware => kitchenware::draw(p, t),
        ObjectKind::Toy => toy::draw(p, t),
        ObjectKind::Tool => tool::draw(p, t),
        ObjectKind::SportsGear => sports_gear::draw(p, t),
    }
    Ok(())
}
