import { beforeAll } from 'vitest';
import { setProjectAnnotations } from '@storybook/react-vite';
import * as preview from './preview';

// Apply the same decorators and parameters to story tests as to the Storybook UI.
const annotations = setProjectAnnotations([preview]);
beforeAll(annotations.beforeAll);
