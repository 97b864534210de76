//! The objects a photo can show, each drawn in its own local frame (y down, the
//! floor at the frame's bottom edge) in several recognisable templates.

mod bicycle;
mod car;
mod chair;
mod guitar;
mod jacket;
mod kayak;
mod lamp;
mod laptop;
mod motorcycle;
mod parts;
mod phone;
mod shoes;
mod sofa;
mod table;
mod television;

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
        }
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
    }
}

/// Draws one object of `kind` in the given template.
pub(crate) fn draw(kind: ObjectKind, template: u8, p: &mut Painter<'_>) {
    let t = template % kind.template_count();
    match kind {
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
    }
}
