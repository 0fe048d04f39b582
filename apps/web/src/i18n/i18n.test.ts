import { describe, expect, it } from 'vitest';
import { createI18n, isCatalogueLoaded, loadCatalogue, switchLanguage } from './i18n';

describe('i18n instances', () => {
  it('start synchronously in the asked language', () => {
    expect(createI18n('en-CA').t('item.add')).toBe('Add to order');
    expect(createI18n('fr-CA').t('item.add')).toBe('Ajouter à la commande');
  });

  it('are independent of each other', async () => {
    const one = createI18n('en-CA');
    const two = createI18n('en-CA');
    await switchLanguage(one, 'fr-CA');
    expect(one.t('item.add')).toBe('Ajouter à la commande');
    expect(two.t('item.add')).toBe('Add to order');
  });

  it('load a catalogue once, and English needs no loading', async () => {
    expect(isCatalogueLoaded('en-CA')).toBe(true);
    await expect(loadCatalogue('en-CA')).resolves.toBeUndefined();
    await expect(loadCatalogue('fr-CA')).resolves.toBeUndefined();
    expect(isCatalogueLoaded('fr-CA')).toBe(true);
  });

  it('use plural forms in both languages', () => {
    expect(createI18n('en-CA').t('item.charactersLeft', { count: 1 })).toBe('1 character left');
    expect(createI18n('en-CA').t('item.charactersLeft', { count: 0 })).toBe('0 characters left');
    expect(createI18n('fr-CA').t('item.charactersLeft', { count: 0 })).toBe('0 caractère restant');
    expect(createI18n('fr-CA').t('filters.matches', { count: 2 })).toBe('2 articles correspondent');
  });
});
