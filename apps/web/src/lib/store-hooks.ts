import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';

/**
 * The dispatch every component gets: plain actions, thunks and RTK Query's `initiate`. The root
 * state is app/'s to assemble (app/store.ts), and lib/ and the features may not import app/
 * (docs/architecture.md#repository-layout-and-layers), so the state parameter stays open.
 */
// biome-ignore lint/suspicious/noExplicitAny: each thunk types the slices it reads itself; `unknown` here would refuse those thunks.
export type AppDispatch = ThunkDispatch<any, unknown, UnknownAction>;

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();

/**
 * Selects with a selector typed against the slices it reads (`selectUser`, `selectCartCount`):
 * the selector names its state, so no root state type is needed here.
 */
export const useAppSelector = useSelector;
