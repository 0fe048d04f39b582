import 'i18next';
import type enCA from './en-CA.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof enCA };
  }
}
