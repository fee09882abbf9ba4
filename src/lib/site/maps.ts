/** Address of the embeddable map frame for a search query. */
export function mapEmbedUrl(origin: string, query: string): string {
  return `${origin.replace(/\/$/, '')}/maps?q=${encodeURIComponent(query)}&output=embed`;
}

/** Address of the same search opened in the maps site (works without JavaScript). */
export function mapLinkUrl(origin: string, query: string): string {
  return `${origin.replace(/\/$/, '')}/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}
