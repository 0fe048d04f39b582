import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DisclosureButton, useDragReorder, type DragProps, type TreeProps } from './editor-parts';
import { ItemList } from './item-list';
import { displayOrder, moveSection, moveSectionTo, type FileGroup, type FileMenu } from './menu-file';
import { addMenu, addSection, moveMenu, moveMenuTo, removeMenu, removeSection } from './structure-file';
import { SectionStation, StructureControls } from './structure-controls';
import { MenuOrderingFormView } from './menu/menu-ordering-form';
import { MenuPhotoForm } from './menu/menu-photo-form';
import { TaxRatesToggle } from './menu/tax-rates-form';

/**
 * The menu as a tree of disclosures: menu groups, their menus, the menus' sections and own items, in
 * the order diners see them. A section's items are drawn when it is opened, so a 300-item menu stays
 * quick. Menus and sections are renamed (English and French), moved (buttons, or dragging a name onto another's), removed after a confirmation
 * and added; a menu's ordering (on demand, scheduled, dine-in, members only, notice, slots) and its
 * photo are edited (menu/menu-ordering-form.tsx, menu/menu-photo-form.tsx); items are edited, moved, removed and added (item-list.tsx).
 */
export function MenuTree({ file, state, canChange }: TreeProps) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="menu-tree-title" className="menu-editor__tree">
      <h2 id="menu-tree-title">{t('menuEditor.treeTitle')}</h2>
      {(file.menu_groups ?? []).map((group, g) => (
        <GroupBranch key={group.id} group={group} index={g} file={file} state={state} canChange={canChange} />
      ))}
    </section>
  );
}

/** A menu group and its menus, which are moved by their buttons or by dragging one's name onto another's. */
function GroupBranch({ group, index, ...tree }: TreeProps & { group: FileGroup; index: number }) {
  const { t } = useTranslation();
  const { file, state, canChange } = tree;
  const order = displayOrder(group.menus ?? []);
  const dragMenu = useDragReorder(canChange && !state.busy, (from, to) => {
    const next = moveMenuTo(file, index, order[from]!, to);
    const what = t('menuEditorStructure.theMenu', { name: group.menus![order[from]!]!.name });
    if (next) void state.save(next, t('menuEditorStructure.moved', { what }));
  });
  return (
    <details open className="menu-editor__group">
      <summary>
        <span className="menu-editor__kind">{t('menuEditor.group')}</span> {group.name}
      </summary>
      {canChange && <GroupControls group={group} index={index} {...tree} />}
      {order.map((m, rank) => (
        <MenuBranch
          key={group.menus![m]!.id}
          menu={group.menus![m]!}
          group={index}
          index={m}
          first={rank === 0}
          last={rank === order.length - 1}
          drag={dragMenu(rank)}
          {...tree}
        />
      ))}
    </details>
  );
}

function GroupControls({ group, index, file, state }: TreeProps & { group: FileGroup; index: number }) {
  const { t } = useTranslation();
  const add = () => {
    const { file: next } = addMenu(file, index, t('menuEditorStructure.newMenuName', { lng: 'en-CA' }));
    void state.save(next, t('menuEditorStructure.menuAdded', { group: group.name }));
  };
  return (
    <StructureControls
      what={t('menuEditorStructure.theGroup', { name: group.name })}
      entry={group}
      place={{ group: index }}
      file={file}
      state={state}
    >
      <button type="button" className="button button--small" disabled={state.busy} onClick={add}>
        {t('menuEditorStructure.addMenu', { group: group.name })}
      </button>
    </StructureControls>
  );
}

interface BranchProps extends TreeProps {
  menu: FileMenu;
  group: number;
  index: number;
  first: boolean;
  last: boolean;
  /** Dragged onto another menu's name to move it there (useDragReorder). */
  drag: DragProps;
}

function MenuBranch({ menu, group, index, first, last, drag, ...tree }: BranchProps) {
  const { t } = useTranslation();
  const { file, state, canChange } = tree;
  // Its buttons are drawn when it is opened, as a section's items are.
  const [open, setOpen] = useState(false);
  // One of the menu's own forms at a time: how it is ordered, or its photo.
  const [panel, setPanel] = useState<'ordering' | 'photo' | null>(null);
  const panelId = `menu-editor-${panel ?? 'panel'}-${menu.id}`;
  const panelProps = { id: panelId, menu, group, index, file, state, onClose: () => setPanel(null) };
  const sections = menu.sections ?? [];
  const sectionOrder = displayOrder(sections);
  const dragSection = useDragReorder(canChange && !state.busy, (from, to) => {
    const next = moveSectionTo(file, group, index, sectionOrder[from]!, to);
    if (next) void state.save(next, t('menuEditor.sectionMoved', { name: sections[sectionOrder[from]!]!.name }));
  });
  const ownItems = { group, menu: index, section: null };
  const what = t('menuEditorStructure.theMenu', { name: menu.name });
  const addOne = () => {
    const { file: next } = addSection(file, group, index, t('menuEditorStructure.newSectionName', { lng: 'en-CA' }));
    void state.save(next, t('menuEditorStructure.sectionAdded', { menu: menu.name }));
  };
  return (
    <details className="menu-editor__menu" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary {...drag}>
        <span className="menu-editor__kind">{t('menuEditor.menu')}</span> {menu.name}
      </summary>
      {canChange && open && (
        <StructureControls
          what={what}
          entry={menu}
          place={{ group, menu: index }}
          file={file}
          state={state}
          move={{
            first,
            last,
            onMove: (step) => {
              const next = moveMenu(file, group, index, step);
              if (next) void state.save(next, t('menuEditorStructure.moved', { what }));
            },
          }}
          remove={{
            question: t('menuEditorStructure.removeMenuQuestion', { name: menu.name, count: sections.length }),
            onRemove: () => void state.save(removeMenu(file, group, index), t('menuEditorStructure.removed', { what })),
          }}
        >
          <button type="button" className="button button--small" disabled={state.busy} onClick={addOne}>
            {t('menuEditorStructure.addSection', { menu: menu.name })}
          </button>
          <TaxRatesToggle what={what} place={{ group, menu: index }} file={file} state={state} />
          {(['ordering', 'photo'] as const).map((which) => (
            <DisclosureButton
              key={which}
              open={panel === which}
              controls={panelId}
              what={what}
              onToggle={() => setPanel(panel === which ? null : which)}
            >
              {t(which === 'ordering' ? 'menuEditorItemFields.ordering' : 'menuPhoto.menuOpen')}
            </DisclosureButton>
          ))}
        </StructureControls>
      )}
      {canChange && open && panel === 'ordering' && <MenuOrderingFormView {...panelProps} />}
      {canChange && open && panel === 'photo' && <MenuPhotoForm {...panelProps} />}
      {(menu.items ?? []).length > 0 && <ItemList title={t('menuEditor.menuItems', { menu: menu.name })} place={ownItems} {...tree} />}
      {sectionOrder.map((s, rank) => {
        const section = sections[s]!;
        const sectionWhat = t('menuEditorStructure.theSection', { name: section.name });
        return (
          <ItemList
            key={section.id}
            title={section.name}
            place={{ group, menu: index, section: s }}
            {...tree}
            drag={dragSection(rank)}
            sectionControls={
              canChange && (
                <StructureControls
                  what={sectionWhat}
                  entry={section}
                  place={{ group, menu: index, section: s }}
                  file={file}
                  state={state}
                  move={{
                    first: rank === 0,
                    last: rank === sections.length - 1,
                    onMove: (step) => {
                      const next = moveSection(file, group, index, s, step);
                      if (next) void state.save(next, t('menuEditor.sectionMoved', { name: section.name }));
                    },
                  }}
                  remove={{
                    question: t('menuEditorStructure.removeSectionQuestion', { name: section.name, count: (section.items ?? []).length }),
                    onRemove: () =>
                      void state.save(removeSection(file, group, index, s), t('menuEditorStructure.removed', { what: sectionWhat })),
                  }}
                >
                  <SectionStation file={file} state={state} place={{ group, menu: index, section: s }} section={section} />
                  <TaxRatesToggle what={sectionWhat} place={{ group, menu: index, section: s }} file={file} state={state} />
                </StructureControls>
              )
            }
          />
        );
      })}
    </details>
  );
}
