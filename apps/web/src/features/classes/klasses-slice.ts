import { FIRST_PAGE } from '@atelier/contract';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** A class as the client state keeps it (docs/product.md#data-the-client-sees: id and klass_group_id; other fields ride along). */
export type KlassItem = { id: string; klass_group_id: string; [field: string]: unknown };
/** A class group as the client state keeps it (docs/product.md#data-the-client-sees: id; other fields ride along). */
export type KlassGroupItem = { id: string; [field: string]: unknown };

export type KlassesState = {
  klassList: KlassItem[];
  klassGroupLists: KlassGroupItem[];
  klassPage: number;
  klassGroupPage: number;
};

export const initialKlassesState: KlassesState = {
  klassList: [],
  klassGroupLists: [],
  klassPage: FIRST_PAGE,
  klassGroupPage: FIRST_PAGE,
};

/** Replaces items with the same id in place and appends the others, in their given order. */
function mergeById<T extends { id: string }>(current: T[], incoming: T[]): T[] {
  const incomingById = new Map(incoming.map((item) => [item.id, item]));
  const merged = current.map((item) => incomingById.get(item.id) ?? item);
  const known = new Set(current.map((item) => item.id));
  for (const item of incoming) {
    if (!known.has(item.id)) {
      merged.push(item);
      known.add(item.id);
    }
  }
  return merged;
}

const klassesSlice = createSlice({
  name: 'klasses',
  initialState: initialKlassesState,
  reducers: {
    klassListSet(state, action: PayloadAction<KlassItem[]>) {
      state.klassList = action.payload;
    },
    /** Appends a page (items already listed are replaced, not duplicated). */
    klassesAdded(state, action: PayloadAction<KlassItem[]>) {
      state.klassList = mergeById(state.klassList, action.payload);
    },
    klassEdited(state, action: PayloadAction<KlassItem>) {
      const index = state.klassList.findIndex((k) => k.id === action.payload.id);
      if (index !== -1) state.klassList[index] = action.payload;
    },
    klassDeleted(state, action: PayloadAction<string>) {
      state.klassList = state.klassList.filter((k) => k.id !== action.payload);
    },
    /** docs/product.md#client-state: a group's classes merged into the list by id. */
    klassesMergedFromGroup(state, action: PayloadAction<KlassItem[]>) {
      state.klassList = mergeById(state.klassList, action.payload);
    },
    /** Clearing also resets the page to 1 (docs/product.md#client-state). */
    klassListCleared(state) {
      state.klassList = [];
      state.klassPage = FIRST_PAGE;
    },
    klassPageIncremented(state) {
      state.klassPage += 1;
    },
    klassGroupListSet(state, action: PayloadAction<KlassGroupItem[]>) {
      state.klassGroupLists = action.payload;
    },
    klassGroupsAdded(state, action: PayloadAction<KlassGroupItem[]>) {
      state.klassGroupLists = mergeById(state.klassGroupLists, action.payload);
    },
    klassGroupEdited(state, action: PayloadAction<KlassGroupItem>) {
      const index = state.klassGroupLists.findIndex((g) => g.id === action.payload.id);
      if (index !== -1) state.klassGroupLists[index] = action.payload;
    },
    /** Deleting a class group also removes its classes (docs/product.md#client-state). */
    klassGroupDeleted(state, action: PayloadAction<string>) {
      state.klassGroupLists = state.klassGroupLists.filter((g) => g.id !== action.payload);
      state.klassList = state.klassList.filter((k) => k.klass_group_id !== action.payload);
    },
    klassGroupListCleared(state) {
      state.klassGroupLists = [];
      state.klassGroupPage = FIRST_PAGE;
    },
    klassGroupPageIncremented(state) {
      state.klassGroupPage += 1;
    },
  },
  selectors: {
    selectKlassList: (state) => state.klassList,
    selectKlassGroupLists: (state) => state.klassGroupLists,
    selectKlassPage: (state) => state.klassPage,
    selectKlassGroupPage: (state) => state.klassGroupPage,
  },
});

export const {
  klassListSet,
  klassesAdded,
  klassEdited,
  klassDeleted,
  klassesMergedFromGroup,
  klassListCleared,
  klassPageIncremented,
  klassGroupListSet,
  klassGroupsAdded,
  klassGroupEdited,
  klassGroupDeleted,
  klassGroupListCleared,
  klassGroupPageIncremented,
} = klassesSlice.actions;
export const { selectKlassList, selectKlassGroupLists, selectKlassPage, selectKlassGroupPage } =
  klassesSlice.selectors;
export const klassesReducer = klassesSlice.reducer;
export default klassesSlice;
