import { describe, expect, it } from 'vitest';
import {
  initialKlassesState,
  klassDeleted,
  klassEdited,
  klassesAdded,
  klassesMergedFromGroup,
  klassesReducer,
  klassGroupDeleted,
  klassGroupEdited,
  klassGroupListCleared,
  klassGroupListSet,
  klassGroupPageIncremented,
  klassGroupsAdded,
  klassListCleared,
  klassListSet,
  klassPageIncremented,
} from './klasses-slice';

const k = (id: string, group: string, name = `class ${id}`) => ({
  id,
  klass_group_id: group,
  name,
});

describe('klasses slice (docs/product.md#client-state klass lists)', () => {
  it('starts empty on page 1 for both lists', () => {
    expect(klassesReducer(undefined, { type: 'init' })).toEqual({
      klassList: [],
      klassGroupLists: [],
      klassPage: 1,
      klassGroupPage: 1,
    });
  });

  it('sets, adds (without duplicates), edits and deletes classes', () => {
    let state = klassesReducer(initialKlassesState, klassListSet([k('1', 'g1'), k('2', 'g1')]));
    state = klassesReducer(state, klassesAdded([k('2', 'g1', 'renamed'), k('3', 'g2')]));
    expect(state.klassList).toEqual([k('1', 'g1'), k('2', 'g1', 'renamed'), k('3', 'g2')]);
    state = klassesReducer(state, klassEdited(k('1', 'g1', 'edited')));
    expect(state.klassList[0]).toEqual(k('1', 'g1', 'edited'));
    state = klassesReducer(state, klassEdited(k('9', 'g1')));
    expect(state.klassList).toHaveLength(3);
    state = klassesReducer(state, klassDeleted('2'));
    expect(state.klassList.map((x) => x.id)).toEqual(['1', '3']);
  });

  it("merges a group's classes by id: known ones replaced in place, new ones appended", () => {
    let state = klassesReducer(initialKlassesState, klassListSet([k('1', 'g1'), k('2', 'g2')]));
    state = klassesReducer(state, klassesMergedFromGroup([k('4', 'g1'), k('1', 'g1', 'fresh')]));
    expect(state.klassList).toEqual([k('1', 'g1', 'fresh'), k('2', 'g2'), k('4', 'g1')]);
  });

  it('clearing the classes resets their page to 1', () => {
    let state = klassesReducer(initialKlassesState, klassListSet([k('1', 'g1')]));
    state = klassesReducer(state, klassPageIncremented());
    state = klassesReducer(state, klassPageIncremented());
    expect(state.klassPage).toBe(3);
    state = klassesReducer(state, klassListCleared());
    expect(state.klassList).toEqual([]);
    expect(state.klassPage).toBe(1);
  });

  it('sets, adds, edits and clears class groups, resetting their page', () => {
    let state = klassesReducer(initialKlassesState, klassGroupListSet([{ id: 'g1' }]));
    state = klassesReducer(state, klassGroupsAdded([{ id: 'g2' }, { id: 'g1', name: 'x' }]));
    expect(state.klassGroupLists).toEqual([{ id: 'g1', name: 'x' }, { id: 'g2' }]);
    state = klassesReducer(state, klassGroupEdited({ id: 'g2', name: 'y' }));
    expect(state.klassGroupLists[1]).toEqual({ id: 'g2', name: 'y' });
    state = klassesReducer(state, klassGroupPageIncremented());
    expect(state.klassGroupPage).toBe(2);
    state = klassesReducer(state, klassGroupListCleared());
    expect(state.klassGroupLists).toEqual([]);
    expect(state.klassGroupPage).toBe(1);
  });

  it('deleting a class group also removes its classes', () => {
    let state = klassesReducer(
      initialKlassesState,
      klassGroupListSet([{ id: 'g1' }, { id: 'g2' }]),
    );
    state = klassesReducer(state, klassListSet([k('1', 'g1'), k('2', 'g2'), k('3', 'g1')]));
    state = klassesReducer(state, klassGroupDeleted('g1'));
    expect(state.klassGroupLists).toEqual([{ id: 'g2' }]);
    expect(state.klassList).toEqual([k('2', 'g2')]);
  });
});
