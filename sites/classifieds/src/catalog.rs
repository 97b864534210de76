//! The fixed parts of the marketplace: the category tree, regions and cities.
//!
//! Ids are stable (URLs such as `sCategory=11` and `sRegion=3` depend on them), so only
//! append to these tables.

/// One category of the tree.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CategoryDef {
    /// Stable id used in `sCategory`.
    pub id: i64,
    /// The parent category, `None` for a top-level one.
    pub parent: Option<i64>,
    /// Display name.
    pub name: &'static str,
}

const fn parent(id: i64, name: &'static str) -> CategoryDef {
    CategoryDef {
        id,
        parent: None,
        name,
    }
}

/// A leaf category; what its listings' photos show is said by the goods that go there
/// (`seed::vocabulary::GOODS`).
const fn leaf(id: i64, parent: i64, name: &'static str) -> CategoryDef {
    CategoryDef {
        id,
        parent: Some(parent),
        name,
    }
}

/// Every category, parents before their children.
pub const CATEGORIES: [CategoryDef; 19] = [
    parent(1, "Vehicles"),
    leaf(2, 1, "Cars + Trucks"),
    leaf(3, 1, "Motorcycles"),
    leaf(4, 1, "Bicycles"),
    leaf(5, 1, "Boats + Kayaks"),
    parent(6, "Electronics"),
    leaf(7, 6, "Cell Phones"),
    leaf(8, 6, "Computers"),
    leaf(9, 6, "TV + Video"),
    parent(10, "Home + Garden"),
    leaf(11, 10, "Furniture"),
    leaf(12, 10, "Lighting"),
    leaf(13, 10, "Patio + Garden"),
    parent(14, "Fashion"),
    leaf(15, 14, "Clothing + Accessories"),
    leaf(16, 14, "Shoes"),
    parent(17, "Hobbies"),
    leaf(18, 17, "Musical Instruments"),
    leaf(19, 17, "Antiques + Collectibles"),
];

/// A region (a US state) and its cities.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RegionDef {
    /// Stable id used in `sRegion`.
    pub id: i64,
    /// Display name.
    pub name: &'static str,
    /// The region's cities; a city's id is `region id × 100 + position + 1`.
    pub cities: [&'static str; 7],
}

/// Every region with its cities (56 cities in all).
pub const REGIONS: [RegionDef; 8] = [
    RegionDef {
        id: 1,
        name: "Pennsylvania",
        cities: [
            "Pittsburgh",
            "Philadelphia",
            "Erie",
            "Allentown",
            "Harrisburg",
            "Scranton",
            "State College",
        ],
    },
    RegionDef {
        id: 2,
        name: "Ohio",
        cities: [
            "Columbus",
            "Cleveland",
            "Cincinnati",
            "Toledo",
            "Akron",
            "Dayton",
            "Youngstown",
        ],
    },
    RegionDef {
        id: 3,
        name: "New York",
        cities: [
            "Buffalo",
            "Rochester",
            "Syracuse",
            "Albany",
            "Ithaca",
            "Binghamton",
            "Yonkers",
        ],
    },
    RegionDef {
        id: 4,
        name: "New Jersey",
        cities: [
            "Newark",
            "Jersey City",
            "Trenton",
            "Camden",
            "Princeton",
            "Hoboken",
            "Paterson",
        ],
    },
    RegionDef {
        id: 5,
        name: "Maryland",
        cities: [
            "Baltimore",
            "Annapolis",
            "Frederick",
            "Rockville",
            "Hagerstown",
            "Salisbury",
            "Bowie",
        ],
    },
    RegionDef {
        id: 6,
        name: "West Virginia",
        cities: [
            "Charleston",
            "Morgantown",
            "Huntington",
            "Wheeling",
            "Parkersburg",
            "Fairmont",
            "Beckley",
        ],
    },
    RegionDef {
        id: 7,
        name: "Virginia",
        cities: [
            "Richmond",
            "Norfolk",
            "Arlington",
            "Roanoke",
            "Alexandria",
            "Charlottesville",
            "Lynchburg",
        ],
    },
    RegionDef {
        id: 8,
        name: "Michigan",
        cities: [
            "Detroit",
            "Ann Arbor",
            "Lansing",
            "Grand Rapids",
            "Flint",
            "Kalamazoo",
            "Traverse City",
        ],
    },
];

/// The id of the `position`-th (0-based) city of region `region_id`.
pub fn city_id(region_id: i64, position: usize) -> i64 {
    region_id * 100 + position as i64 + 1
}

/// Every city as `(city id, region id, name)`.
pub fn cities() -> impl Iterator<Item = (i64, i64, &'static str)> {
    REGIONS.iter().flat_map(|region| {
        region
            .cities
            .iter()
            .enumerate()
            .map(move |(position, name)| (city_id(region.id, position), region.id, *name))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_catalog_is_big_enough_and_well_formed() {
        assert!(CATEGORIES.len() >= 12);
        assert!(cities().count() >= 50);
        for category in CATEGORIES {
            if let Some(parent) = category.parent {
                assert!(
                    CATEGORIES
                        .iter()
                        .any(|c| c.id == parent && c.parent.is_none())
                );
                assert!(
                    crate::seed::vocabulary::GOODS
                        .iter()
                        .any(|goods| goods.category == category.id),
                    "no goods are sold in leaf {}",
                    category.name
                );
            }
        }
    }
}
