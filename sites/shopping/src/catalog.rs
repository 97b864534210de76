//! The store's department tree (three levels: department › group › category) and what each
//! group's products are made of: brands, materials, the photo's object kind and whether the
//! products come in sizes and colours.

use kit::imagery::ObjectKind;

/// A top-level department and its groups.
#[derive(Debug)]
pub struct Department {
    /// Name shown in the navigation ("Electronics").
    pub name: &'static str,
    /// Brands its products are sold under.
    pub brands: &'static [&'static str],
    /// Its second-level groups.
    pub groups: &'static [Group],
}

/// A second-level group of categories sharing a photo kind and option scheme.
#[derive(Debug)]
pub struct Group {
    /// Name ("Headphones & Audio").
    pub name: &'static str,
    /// What the photos show.
    pub kind: ObjectKind,
    /// Whether products are configurable with Size and Color options.
    pub configurable: bool,
    /// Typical price range in dollars.
    pub price: (u32, u32),
    /// Leaf categories; each leaf name is also the noun in its product names.
    pub leaves: &'static [&'static str],
}

/// Materials named in product attributes.
pub const MATERIALS: &[&str] = &[
    "Cotton",
    "Polyester",
    "Leather",
    "Stainless Steel",
    "Aluminum",
    "Plastic",
    "Wood",
    "Bamboo",
    "Glass",
    "Nylon",
    "Wool",
    "Silicone",
];

/// Adjectives for product names.
pub const ADJECTIVES: &[&str] = &[
    "Classic",
    "Premium",
    "Compact",
    "Deluxe",
    "Essential",
    "Modern",
    "Portable",
    "Pro",
    "Ultra",
    "Everyday",
    "Lightweight",
    "Heavy Duty",
    "Vintage",
    "Smart",
    "Eco",
];

/// Sizes of configurable products.
pub const SIZES: &[&str] = &["XS", "S", "M", "L", "XL", "XXL"];

/// Every department, in navigation order.
pub const DEPARTMENTS: &[Department] = &[
    Department {
        name: "Electronics",
        brands: &[
            "Sonique", "Voltra", "Nexon", "Auralis", "Pixelon", "Kestrel",
        ],
        groups: &[
            Group {
                name: "Computers & Accessories",
                kind: ObjectKind::Laptop,
                configurable: false,
                price: (25, 1800),
                leaves: &[
                    "Laptops",
                    "Keyboards",
                    "Computer Mice",
                    "Monitors",
                    "Laptop Bags",
                    "USB Hubs",
                ],
            },
            Group {
                name: "Television & Video",
                kind: ObjectKind::Television,
                configurable: false,
                price: (60, 2500),
                leaves: &[
                    "Televisions",
                    "Projectors",
                    "Streaming Media Players",
                    "TV Mounts",
                    "Blu-ray Players",
                    "Antennas",
                ],
            },
            Group {
                name: "Cell Phones",
                kind: ObjectKind::Phone,
                configurable: false,
                price: (8, 1200),
                leaves: &[
                    "Smartphones",
                    "Phone Cases",
                    "Screen Protectors",
                    "Chargers",
                    "Car Mounts",
                    "Power Banks",
                ],
            },
            Group {
                name: "Home Audio",
                kind: ObjectKind::Television,
                configurable: false,
                price: (20, 900),
                leaves: &[
                    "Soundbars",
                    "Speakers",
                    "Receivers",
                    "Turntables",
                    "Subwoofers",
                    "Headphones",
                ],
            },
            Group {
                name: "Lighting Electronics",
                kind: ObjectKind::Lamp,
                configurable: false,
                price: (12, 240),
                leaves: &[
                    "Smart Bulbs",
                    "LED Strips",
                    "Desk Lamps",
                    "Night Lights",
                    "Ring Lights",
                    "Light Switches",
                ],
            },
        ],
    },
    Department {
        name: "Clothing, Shoes & Jewelry",
        brands: &[
            "Northwind",
            "Maple & Co",
            "Urbanite",
            "Calloway",
            "Brisa",
            "Trailhead",
        ],
        groups: &[
            Group {
                name: "Women's Clothing",
                kind: ObjectKind::Jacket,
                configurable: true,
                price: (12, 220),
                leaves: &[
                    "Women's Jackets",
                    "Women's Coats",
                    "Women's Sweaters",
                    "Women's Hoodies",
                    "Women's Vests",
                    "Women's Blazers",
                ],
            },
            Group {
                name: "Men's Clothing",
                kind: ObjectKind::Jacket,
                configurable: true,
                price: (12, 260),
                leaves: &[
                    "Men's Jackets",
                    "Men's Coats",
                    "Men's Sweaters",
                    "Men's Hoodies",
                    "Men's Vests",
                    "Men's Blazers",
                ],
            },
            Group {
                name: "Women's Shoes",
                kind: ObjectKind::Shoes,
                configurable: true,
                price: (18, 180),
                leaves: &[
                    "Women's Sneakers",
                    "Women's Boots",
                    "Women's Sandals",
                    "Women's Flats",
                    "Women's Loafers",
                    "Women's Slippers",
                ],
            },
            Group {
                name: "Men's Shoes",
                kind: ObjectKind::Shoes,
                configurable: true,
                price: (20, 220),
                leaves: &[
                    "Men's Sneakers",
                    "Men's Boots",
                    "Men's Sandals",
                    "Men's Oxfords",
                    "Men's Loafers",
                    "Men's Slippers",
                ],
            },
            Group {
                name: "Kids' Fashion",
                kind: ObjectKind::Jacket,
                configurable: true,
                price: (9, 90),
                leaves: &[
                    "Kids' Jackets",
                    "Kids' Raincoats",
                    "Kids' Sneakers",
                    "Kids' Hoodies",
                    "Kids' Snow Suits",
                    "Kids' Fleece",
                ],
            },
        ],
    },
    Department {
        name: "Home & Kitchen",
        brands: &[
            "Hearthstone",
            "Casa Verde",
            "Oakridge",
            "Linden",
            "Solace",
            "Brightnest",
        ],
        groups: &[
            Group {
                name: "Living Room Furniture",
                kind: ObjectKind::Sofa,
                configurable: false,
                price: (90, 2400),
                leaves: &[
                    "Sofas",
                    "Loveseats",
                    "Sleeper Sofas",
                    "Sectionals",
                    "Futons",
                    "Chaise Lounges",
                ],
            },
            Group {
                name: "Chairs",
                kind: ObjectKind::Chair,
                configurable: false,
                price: (30, 700),
                leaves: &[
                    "Accent Chairs",
                    "Dining Chairs",
                    "Office Chairs",
                    "Rocking Chairs",
                    "Bar Stools",
                    "Folding Chairs",
                ],
            },
            Group {
                name: "Tables",
                kind: ObjectKind::Table,
                configurable: false,
                price: (40, 1500),
                leaves: &[
                    "Coffee Tables",
                    "Dining Tables",
                    "End Tables",
                    "Console Tables",
                    "Desks",
                    "Nightstands",
                ],
            },
            Group {
                name: "Lamps & Shades",
                kind: ObjectKind::Lamp,
                configurable: false,
                price: (15, 400),
                leaves: &[
                    "Floor Lamps",
                    "Table Lamps",
                    "Reading Lamps",
                    "Lamp Shades",
                    "Pendant Lights",
                    "Wall Sconces",
                ],
            },
            Group {
                name: "Outdoor Furniture",
                kind: ObjectKind::Chair,
                configurable: false,
                price: (35, 1200),
                leaves: &[
                    "Patio Chairs",
                    "Patio Tables",
                    "Adirondack Chairs",
                    "Porch Swings",
                    "Outdoor Sofas",
                    "Hammock Chairs",
                ],
            },
        ],
    },
    Department {
        name: "Sports & Outdoors",
        brands: &[
            "Summit",
            "Riverbend",
            "Velocity",
            "Trailblaze",
            "Coastline",
            "Ironpeak",
        ],
        groups: &[
            Group {
                name: "Cycling",
                kind: ObjectKind::Bicycle,
                configurable: false,
                price: (120, 3200),
                leaves: &[
                    "Road Bikes",
                    "Mountain Bikes",
                    "Hybrid Bikes",
                    "Kids' Bikes",
                    "Electric Bikes",
                    "Folding Bikes",
                ],
            },
            Group {
                name: "Water Sports",
                kind: ObjectKind::Kayak,
                configurable: false,
                price: (150, 2200),
                leaves: &[
                    "Sit-on-Top Kayaks",
                    "Touring Kayaks",
                    "Inflatable Kayaks",
                    "Fishing Kayaks",
                    "Tandem Kayaks",
                    "Paddle Boards",
                ],
            },
            Group {
                name: "Athletic Clothing",
                kind: ObjectKind::Jacket,
                configurable: true,
                price: (15, 180),
                leaves: &[
                    "Running Jackets",
                    "Rain Shells",
                    "Windbreakers",
                    "Ski Jackets",
                    "Track Jackets",
                    "Softshell Jackets",
                ],
            },
            Group {
                name: "Athletic Shoes",
                kind: ObjectKind::Shoes,
                configurable: true,
                price: (30, 240),
                leaves: &[
                    "Running Shoes",
                    "Trail Shoes",
                    "Hiking Boots",
                    "Basketball Shoes",
                    "Tennis Shoes",
                    "Cleats",
                ],
            },
            Group {
                name: "Powersports",
                kind: ObjectKind::Motorcycle,
                configurable: false,
                price: (900, 12000),
                leaves: &[
                    "Dirt Bikes",
                    "Scooters",
                    "Cruisers",
                    "Sport Bikes",
                    "Touring Motorcycles",
                    "Mopeds",
                ],
            },
        ],
    },
    Department {
        name: "Musical Instruments",
        brands: &[
            "Harmona",
            "Fretwell",
            "Bluenote",
            "Cadence",
            "Resonant",
            "Stagecraft",
        ],
        groups: &[
            Group {
                name: "Guitars",
                kind: ObjectKind::Guitar,
                configurable: false,
                price: (90, 2600),
                leaves: &[
                    "Acoustic Guitars",
                    "Electric Guitars",
                    "Classical Guitars",
                    "Bass Guitars",
                    "Travel Guitars",
                    "12-String Guitars",
                ],
            },
            Group {
                name: "Ukuleles & Mandolins",
                kind: ObjectKind::Guitar,
                configurable: false,
                price: (40, 700),
                leaves: &[
                    "Soprano Ukuleles",
                    "Concert Ukuleles",
                    "Tenor Ukuleles",
                    "Mandolins",
                    "Banjos",
                    "Baritone Ukuleles",
                ],
            },
            Group {
                name: "Studio Furniture",
                kind: ObjectKind::Chair,
                configurable: false,
                price: (25, 400),
                leaves: &[
                    "Guitar Stools",
                    "Drum Thrones",
                    "Piano Benches",
                    "Keyboard Stands",
                    "Studio Desks",
                    "Music Stands",
                ],
            },
            Group {
                name: "Amplifiers",
                kind: ObjectKind::Television,
                configurable: false,
                price: (60, 1800),
                leaves: &[
                    "Guitar Amplifiers",
                    "Bass Amplifiers",
                    "Keyboard Amplifiers",
                    "Headphone Amplifiers",
                    "PA Speakers",
                    "Monitors for Musicians",
                ],
            },
            Group {
                name: "Stage Lighting",
                kind: ObjectKind::Lamp,
                configurable: false,
                price: (20, 500),
                leaves: &[
                    "Spotlights",
                    "Par Cans",
                    "Stage Strips",
                    "Moving Heads",
                    "Light Stands",
                    "Fog Lights",
                ],
            },
        ],
    },
    Department {
        name: "Office Products",
        brands: &[
            "Deskwise",
            "Paperline",
            "Workmate",
            "Clarity",
            "Inkwell",
            "Corvid",
        ],
        groups: &[
            Group {
                name: "Office Furniture",
                kind: ObjectKind::Chair,
                configurable: false,
                price: (40, 1200),
                leaves: &[
                    "Task Chairs",
                    "Executive Chairs",
                    "Drafting Chairs",
                    "Kneeling Chairs",
                    "Conference Chairs",
                    "Guest Chairs",
                ],
            },
            Group {
                name: "Desks & Workstations",
                kind: ObjectKind::Table,
                configurable: false,
                price: (60, 1400),
                leaves: &[
                    "Standing Desks",
                    "Writing Desks",
                    "Corner Desks",
                    "Computer Desks",
                    "Conference Tables",
                    "Printer Stands",
                ],
            },
            Group {
                name: "Office Electronics",
                kind: ObjectKind::Laptop,
                configurable: false,
                price: (30, 2000),
                leaves: &[
                    "Notebook Computers",
                    "Docking Stations",
                    "Document Cameras",
                    "Label Makers",
                    "Shredders",
                    "Calculators",
                ],
            },
            Group {
                name: "Office Lighting",
                kind: ObjectKind::Lamp,
                configurable: false,
                price: (15, 300),
                leaves: &[
                    "LED Desk Lamps",
                    "Clamp Lamps",
                    "Magnifier Lamps",
                    "Banker Lamps",
                    "Architect Lamps",
                    "Monitor Lights",
                ],
            },
            Group {
                name: "Presentation",
                kind: ObjectKind::Television,
                configurable: false,
                price: (50, 2600),
                leaves: &[
                    "Interactive Displays",
                    "Presentation Screens",
                    "Digital Signage",
                    "Video Conferencing Displays",
                    "Whiteboard Displays",
                    "Meeting Room TVs",
                ],
            },
        ],
    },
    Department {
        name: "Cell Phones & Accessories",
        brands: &["Nexon", "Pixelon", "Orbit", "Fusion", "Lumen", "Zephyr"],
        groups: &[
            Group {
                name: "Unlocked Phones",
                kind: ObjectKind::Phone,
                configurable: false,
                price: (90, 1400),
                leaves: &[
                    "Android Phones",
                    "Flip Phones",
                    "Rugged Phones",
                    "Senior Phones",
                    "Dual SIM Phones",
                    "5G Phones",
                ],
            },
            Group {
                name: "Cases & Covers",
                kind: ObjectKind::Phone,
                configurable: false,
                price: (6, 60),
                leaves: &[
                    "Wallet Cases",
                    "Clear Cases",
                    "Rugged Cases",
                    "Silicone Cases",
                    "Leather Cases",
                    "Battery Cases",
                ],
            },
            Group {
                name: "Wearable Tech",
                kind: ObjectKind::Phone,
                configurable: false,
                price: (25, 600),
                leaves: &[
                    "Smartwatches",
                    "Fitness Trackers",
                    "Smart Rings",
                    "Watch Bands",
                    "Kids' Watches",
                    "GPS Watches",
                ],
            },
            Group {
                name: "Tablets",
                kind: ObjectKind::Laptop,
                configurable: false,
                price: (80, 1500),
                leaves: &[
                    "Android Tablets",
                    "Tablet Keyboards",
                    "Tablet Cases",
                    "Kids' Tablets",
                    "E-Readers",
                    "Drawing Tablets",
                ],
            },
            Group {
                name: "Phone Lighting",
                kind: ObjectKind::Lamp,
                configurable: false,
                price: (8, 120),
                leaves: &[
                    "Selfie Lights",
                    "Clip Lights",
                    "Phone Flash Lights",
                    "Tripod Lights",
                    "Video Lights",
                    "Pocket Lights",
                ],
            },
        ],
    },
    Department {
        name: "Patio, Lawn & Garden",
        brands: &[
            "Greenacre",
            "Sunfield",
            "Backyard Co",
            "Terrace",
            "Wildflower",
            "Fernhill",
        ],
        groups: &[
            Group {
                name: "Patio Seating",
                kind: ObjectKind::Sofa,
                configurable: false,
                price: (120, 2600),
                leaves: &[
                    "Patio Sofas",
                    "Patio Loveseats",
                    "Daybeds",
                    "Patio Sectionals",
                    "Garden Benches",
                    "Outdoor Chaises",
                ],
            },
            Group {
                name: "Patio Dining",
                kind: ObjectKind::Table,
                configurable: false,
                price: (80, 1900),
                leaves: &[
                    "Patio Dining Tables",
                    "Bistro Tables",
                    "Picnic Tables",
                    "Side Tables",
                    "Bar Tables",
                    "Folding Tables",
                ],
            },
            Group {
                name: "Outdoor Lighting",
                kind: ObjectKind::Lamp,
                configurable: false,
                price: (10, 350),
                leaves: &[
                    "Solar Lights",
                    "Lanterns",
                    "String Lights",
                    "Path Lights",
                    "Flood Lights",
                    "Post Lights",
                ],
            },
            Group {
                name: "Garden Chairs",
                kind: ObjectKind::Chair,
                configurable: false,
                price: (25, 500),
                leaves: &[
                    "Zero Gravity Chairs",
                    "Camping Chairs",
                    "Sling Chairs",
                    "Rocking Garden Chairs",
                    "Stacking Chairs",
                    "Egg Chairs",
                ],
            },
            Group {
                name: "Boating",
                kind: ObjectKind::Kayak,
                configurable: false,
                price: (180, 2800),
                leaves: &[
                    "Recreational Kayaks",
                    "Canoes",
                    "Pedal Kayaks",
                    "Whitewater Kayaks",
                    "Sea Kayaks",
                    "Kids' Kayaks",
                ],
            },
        ],
    },
    Department {
        name: "Automotive",
        brands: &[
            "Roadster",
            "Motorline",
            "Gearhead",
            "Autobahn",
            "Piston",
            "Highway",
        ],
        groups: &[
            Group {
                name: "Model Cars",
                kind: ObjectKind::Car,
                configurable: false,
                price: (12, 400),
                leaves: &[
                    "Die-Cast Cars",
                    "RC Cars",
                    "Model Kits",
                    "Collector Cars",
                    "Ride-On Cars",
                    "Slot Cars",
                ],
            },
            Group {
                name: "Motorcycle Gear",
                kind: ObjectKind::Motorcycle,
                configurable: false,
                price: (40, 900),
                leaves: &[
                    "Motorcycle Models",
                    "Pit Bikes",
                    "Mini Bikes",
                    "Electric Motorcycles",
                    "Youth Dirt Bikes",
                    "Balance Motorbikes",
                ],
            },
            Group {
                name: "Riding Apparel",
                kind: ObjectKind::Jacket,
                configurable: true,
                price: (40, 500),
                leaves: &[
                    "Riding Jackets",
                    "Leather Jackets",
                    "Mesh Jackets",
                    "Rain Suits",
                    "Heated Jackets",
                    "Racing Suits",
                ],
            },
            Group {
                name: "Riding Boots",
                kind: ObjectKind::Shoes,
                configurable: true,
                price: (50, 450),
                leaves: &[
                    "Touring Boots",
                    "Racing Boots",
                    "Riding Shoes",
                    "Off-Road Boots",
                    "Waterproof Boots",
                    "Short Boots",
                ],
            },
            Group {
                name: "Garage Lighting",
                kind: ObjectKind::Lamp,
                configurable: false,
                price: (12, 260),
                leaves: &[
                    "Work Lights",
                    "Shop Lights",
                    "Inspection Lamps",
                    "Hood Lights",
                    "Magnetic Lights",
                    "Headlamps",
                ],
            },
        ],
    },
    Department {
        name: "Toys & Games",
        brands: &[
            "Playwise",
            "Tinker Town",
            "Wonderbox",
            "Giggles",
            "Brightminds",
            "Jumbo",
        ],
        groups: &[
            Group {
                name: "Kids' Vehicles",
                kind: ObjectKind::Car,
                configurable: false,
                price: (15, 450),
                leaves: &[
                    "Toy Cars",
                    "Toy Trucks",
                    "Race Car Sets",
                    "Pull-Back Cars",
                    "Remote Control Trucks",
                    "Car Carriers",
                ],
            },
            Group {
                name: "Kids' Bikes & Scooters",
                kind: ObjectKind::Bicycle,
                configurable: false,
                price: (40, 400),
                leaves: &[
                    "Balance Bikes",
                    "Tricycles",
                    "BMX Bikes",
                    "Training Wheel Bikes",
                    "Cruiser Bikes",
                    "Tandem Bikes",
                ],
            },
            Group {
                name: "Play Furniture",
                kind: ObjectKind::Table,
                configurable: false,
                price: (25, 300),
                leaves: &[
                    "Activity Tables",
                    "Kids' Desks",
                    "Train Tables",
                    "Craft Tables",
                    "Sand Tables",
                    "Lego Tables",
                ],
            },
            Group {
                name: "Kids' Seating",
                kind: ObjectKind::Chair,
                configurable: false,
                price: (20, 220),
                leaves: &[
                    "Bean Bags",
                    "Kids' Armchairs",
                    "Gaming Chairs",
                    "Kids' Rockers",
                    "Step Stools",
                    "Floor Chairs",
                ],
            },
            Group {
                name: "Toy Instruments",
                kind: ObjectKind::Guitar,
                configurable: false,
                price: (12, 150),
                leaves: &[
                    "Toy Guitars",
                    "Kids' Ukuleles",
                    "Toy Banjos",
                    "Mini Guitars",
                    "Rock Star Sets",
                    "Musical Toys",
                ],
            },
        ],
    },
];

/// The department, group and leaf names of a leaf category, with its group.
pub fn leaves() -> impl Iterator<Item = (&'static Department, &'static Group, &'static str)> {
    DEPARTMENTS.iter().flat_map(|department| {
        department.groups.iter().flat_map(move |group| {
            group
                .leaves
                .iter()
                .map(move |leaf| (department, group, *leaf))
        })
    })
}

/// A URL key from a name: lower case, words joined by `-` ("Men's Shoes" → `mens-shoes`).
pub fn url_key(name: &str) -> String {
    let mut key = String::with_capacity(name.len());
    for character in name.chars() {
        if character.is_ascii_alphanumeric() {
            key.push(character.to_ascii_lowercase());
        } else if character != '\'' && !key.ends_with('-') && !key.is_empty() {
            key.push('-');
        }
    }
    key.trim_end_matches('-').to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tree_has_three_levels_and_over_three_hundred_categories() {
        let groups: usize = DEPARTMENTS.iter().map(|d| d.groups.len()).sum();
        let total = DEPARTMENTS.len() + groups + leaves().count();
        assert!(total >= 300, "{total} categories");
        assert_eq!(
            url_key("Clothing, Shoes & Jewelry"),
            "clothing-shoes-jewelry"
        );
        assert_eq!(url_key("Men's Shoes"), "mens-shoes");
    }
}
