/** The id of Home's "Updated hh:mm" line, which the total and the asset list point to with aria-describedby. */
export const FRESHNESS_ID = 'home-updated';
