// The map's colours, without OpenLayers (the legend and the page use them before the map's chunk has loaded).
export const FAMILY_COLORS = { ontrack: '#1e7b34', late: '#d98e04', attention: '#c62828' } as const;
export const VESSEL_COLOR = '#0b3d91';
