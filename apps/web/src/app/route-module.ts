import type { ComponentType } from 'react';

/** What a page's route file exports (a react-router lazy route module). */
export type RouteModule = { Component: ComponentType };
