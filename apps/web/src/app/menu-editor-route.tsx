import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { PreviewListProps } from '../features/menu-editor/draft-preview';

/**
 * /{slug}/staff/menu brings three features together, which only the app may do (features never
 * import each other, eslint.config.js): the staff console's gate and navigation (features/staff), the
 * menu editor (features/menu-editor), and the diner's own menu list (features/menu) for the draft's
 * preview, so the preview is the menu diners will see. One lazy chunk of its own (app/routes.tsx):
 * nothing of it reaches the diner's menu.
 */
export function menuEditorScreen(): Promise<ComponentType> {
  return Promise.all([
    import('../features/staff/staff-access'),
    import('../features/menu-editor/menu-editor-screen'),
    import('../features/menu/menu-list'),
    import('../lib/menu-model'),
  ]).then(([{ StaffGate }, { MenuEditor }, { MenuList }, { menuViews }]) => {
    // The preview shows the diner's cards and opens nothing (no onOpen: the names are text, not
    // buttons to a dialog): an item's dialog is the diner's, with the restaurant's ordering around it.
    function DinerMenuPreview({ menus, zone, layout }: PreviewListProps) {
      return <MenuList views={menuViews(menus.menu_groups, null)} layout={layout} zone={zone} />;
    }
    return function MenuEditorRouteScreen() {
      const { t } = useTranslation();
      return (
        <StaffGate area="menu_view" title={t('menuEditor.title')}>
          {(access) => <MenuEditor access={access} PreviewList={DinerMenuPreview} />}
        </StaffGate>
      );
    };
  });
}
