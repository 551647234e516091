/** Lower case without accents or repeated spaces: the form names are searched and sorted by (nome_busca). */
export function searchForm(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}
