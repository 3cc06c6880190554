import { create } from 'zustand';

/** Transient UI state that is never persisted. */
interface UiState {
  mobileSidebarOpen: boolean;
  setMobileSidebarOpen: (open: boolean) => void;
  /** Selected tab value per Tabs groupId, shared by every tab group on the page. */
  tabGroups: Record<string, string>;
  selectTab: (groupId: string, value: string) => void;
}

export const useUi = create<UiState>()((set) => ({
  mobileSidebarOpen: false,
  setMobileSidebarOpen: (mobileSidebarOpen) => set({ mobileSidebarOpen }),
  tabGroups: {},
  selectTab: (groupId, value) => set((s) => ({ tabGroups: { ...s.tabGroups, [groupId]: value } })),
}));
