import { useDispatch, useSelector } from 'react-redux';
import type { AppDispatch, RootState } from './rootReducer';

/** The typed hooks (STYLE.md): the raw react-redux ones are banned by lint everywhere else. */
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
