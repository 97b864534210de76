//! The objects a photo can show, each drawn in its own local frame (y down, the
//! floor at the frame's bottom edge) as one of its kind's named models.

mod amplifier;
mod bag;
mod bicycle;
mod book;
mod camera;
mod car;
mod chair;
mod cosmetic;
mod gadget;
mod guitar;
mod headphones;
mod jacket;
mod kayak;
mod keyboard;
mod kitchenware;
mod lamp;
mod laptop;
mod light;
mod media_player;
mod monitor;
mod motorcycle;
mod mouse;
mod package;
mod parts;
mod phone;
mod shirt;
mod shoes;
mod sofa;
mod speaker;
mod sports_gear;
mod stand;
mod table;
mod tablet;
mod television;
mod tool;
mod toy;
mod toy_vehicle;
mod watch;

use super::error::ImageryError;
use super::painter::Painter;
use crate::model::Model;

/// The local frame's width and height for a model.
pub(crate) fn size(model: Model) -> (f32, f32) {
    match model {
        Model::Car(_) => car::SIZE,
        Model::Bicycle(model) => bicycle::size(model),
        Model::Motorcycle(_) => motorcycle::SIZE,
        Model::Kayak(_) => kayak::SIZE,
        Model::Phone(_) => phone::SIZE,
        Model::Laptop(_) => laptop::SIZE,
        Model::Television(_) => television::SIZE,
        Model::Sofa(model) => sofa::size(model),
        Model::Chair(model) => chair::size(model),
        Model::Table(model) => table::size(model),
        Model::Jacket(_) => jacket::SIZE,
        Model::Shoes(_) => shoes::SIZE,
        Model::Guitar(model) => guitar::size(model),
        Model::Lamp(model) => lamp::size(model),
        Model::Headphones(_) => headphones::SIZE,
        Model::Camera(_) => camera::SIZE,
        Model::Shirt(_) => shirt::SIZE,
        Model::Package(_) => package::SIZE,
        Model::Kitchenware(_) => kitchenware::SIZE,
        Model::Cosmetic(_) => cosmetic::SIZE,
        Model::Toy(_) => toy::SIZE,
        Model::Tool(model) => tool::size(model),
        Model::Book(_) => book::SIZE,
        Model::SportsGear(model) => sports_gear::size(model),
        Model::Keyboard(model) => keyboard::size(model),
        Model::Mouse(_) => mouse::SIZE,
        Model::Monitor(_) => monitor::SIZE,
        Model::Speaker(model) => speaker::size(model),
        Model::Amplifier(model) => amplifier::size(model),
        Model::MediaPlayer(model) => media_player::size(model),
        Model::Watch(_) => watch::SIZE,
        Model::Tablet(model) => tablet::size(model),
        Model::Gadget(model) => gadget::size(model),
        Model::Bag(_) => bag::SIZE,
        Model::Light(model) => light::size(model),
        Model::Stand(_) => stand::SIZE,
        Model::ToyVehicle(model) => toy_vehicle::size(model),
    }
}

/// Draws one object of `model`; kinds that print on themselves print `text` on their
/// label or cover.
pub(crate) fn draw(
    model: Model,
    text: Option<&str>,
    p: &mut Painter<'_>,
) -> Result<(), ImageryError> {
    match model {
        Model::Package(model) => return package::draw(p, model, text),
        Model::Cosmetic(model) => return cosmetic::draw(p, model, text),
        Model::Book(model) => return book::draw(p, model, text),
        Model::Car(model) => car::draw(p, model),
        Model::Bicycle(model) => bicycle::draw(p, model),
        Model::Motorcycle(model) => motorcycle::draw(p, model),
        Model::Kayak(model) => kayak::draw(p, model),
        Model::Phone(model) => phone::draw(p, model),
        Model::Laptop(model) => laptop::draw(p, model),
        Model::Television(model) => television::draw(p, model),
        Model::Sofa(model) => sofa::draw(p, model),
        Model::Chair(model) => chair::draw(p, model),
        Model::Table(model) => table::draw(p, model),
        Model::Jacket(model) => jacket::draw(p, model),
        Model::Shoes(model) => shoes::draw(p, model),
        Model::Guitar(model) => guitar::draw(p, model),
        Model::Lamp(model) => lamp::draw(p, model),
        Model::Headphones(model) => headphones::draw(p, model),
        Model::Camera(model) => camera::draw(p, model),
        Model::Shirt(model) => shirt::draw(p, model),
        Model::Kitchenware(model) => kitchenware::draw(p, model),
        Model::Toy(model) => toy::draw(p, model),
        Model::Tool(model) => tool::draw(p, model),
        Model::SportsGear(model) => sports_gear::draw(p, model),
        Model::Keyboard(model) => keyboard::draw(p, model),
        Model::Mouse(model) => mouse::draw(p, model),
        Model::Monitor(model) => monitor::draw(p, model),
        Model::Speaker(model) => speaker::draw(p, model),
        Model::Amplifier(model) => amplifier::draw(p, model),
        Model::MediaPlayer(model) => media_player::draw(p, model),
        Model::Watch(model) => watch::draw(p, model),
        Model::Tablet(model) => tablet::draw(p, model),
        Model::Gadget(model) => gadget::draw(p, model),
        Model::Bag(model) => bag::draw(p, model),
        Model::Light(model) => light::draw(p, model),
        Model::Stand(model) => stand::draw(p, model),
        Model::ToyVehicle(model) => toy_vehicle::draw(p, model),
    }
    Ok(())
}
