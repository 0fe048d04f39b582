import { describe, expect, it } from 'vitest';
import enCA from './en-CA.json';
import { createI18n, isCatalogueLoaded, loadCatalogue, switchLanguage } from './i18n';
import { i18nForReact } from './i18n-for-react';

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

  it('keep what a key alone translates to for React, until the instance is given a catalogue', async () => {
    // French asked for before its catalogue is here: English stands in, and is kept for French.
    const instance = createI18n('fr-CA', { 'en-CA': enCA });
    const t = i18nForReact(instance).getFixedT('fr-CA');
    expect(t('item.add')).toBe('Add to order');
    expect(t('item.add')).toBe('Add to order');
    // The whole French catalogue arrives (the tests' setup registered it): the kept answer goes.
    await switchLanguage(instance, 'fr-CA');
    expect(t('item.add')).toBe('Ajouter à la commande');
    expect(i18nForReact(instance).getFixedT('fr-CA')('item.add')).toBe('Ajouter à la commande');
    // A key with options is never kept: each count has its own form.
    expect(t('item.charactersLeft', { count: 1 })).toBe('1 caractère restant');
    expect(t('item.charactersLeft', { count: 2 })).toBe('2 caractères restants');
  });
});
